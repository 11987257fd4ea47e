import {
  MutationCache,
  QueryCache,
  QueryClient,
  useQueryClient,
  type DefaultOptions,
  type Query,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, isSessionEnd } from "../lib/api-client";
import type { FailureMessage } from "../lib/query-meta";
import { readToken, storedToken } from "../lib/storage";

/** What the screen does about failures; the session provider supplies it. */
export interface FailureHandlers {
  /** A 401 ended the session: ask the person to log in again. */
  sessionEnded: () => void;
  /** Any other failure that names a message (a toast). */
  failed: (message: string) => void;
}

interface HandlerSlot {
  current: FailureHandlers | null;
}

const slots = new WeakMap<QueryClient, HandlerSlot>();

/** The message of the screens showing a query now: the header's cart count fails quietly. */
function messageOfQuery(query: Query<unknown, unknown, unknown>): FailureMessage | undefined {
  return query.observers.map((observer) => observer.options.meta?.errorMessage).find(Boolean);
}

/**
 * The one place a failed query or mutation is handled (spec §8, Global). A 401 forgets the token
 * and asks for a log in; several calls failing together do that once, as the first finds the
 * session still open and the rest find it over. Other failures toast the message their query or
 * mutation names, once each.
 */
function handleFailure(slot: HandlerSlot, error: unknown, message: FailureMessage | undefined) {
  if (isSessionEnd(error)) {
    if (readToken() === null) return;
    storedToken.remove();
    slot.current?.sessionEnded();
    return;
  }
  const text = typeof message === "function" ? message(error) : message;
  if (text) slot.current?.failed(text);
}

export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  const slot: HandlerSlot = { current: null };
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleFailure(slot, error, messageOfQuery(query)),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleFailure(slot, error, mutation.meta?.errorMessage),
    }),
    defaultOptions: {
      ...defaults,
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; only network and server failures are worth a retry.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? false
            : failureCount < 2,
        ...defaults.queries,
      },
    },
  });
  slots.set(client, slot);
  return client;
}

/** Connects the client's failure handling to the screen for as long as the caller is mounted. */
export function useFailureHandlers(handlers: FailureHandlers): void {
  const client = useQueryClient();
  useEffect(() => {
    const slot = slots.get(client);
    if (!slot) return;
    slot.current = handlers;
    return () => {
      if (slot.current === handlers) slot.current = null;
    };
  }, [client, handlers]);
}
