import { useMemo, useRef } from "react";
import { ApiError } from "./api-client";
import { newIdempotencyKey } from "./idempotency-key";

export interface IdempotencyKeys {
  /** The key for this request: the same one again while an earlier try of it is unanswered. */
  keyFor: (request: string) => string;
  /** Call with the outcome of a try (nothing on success); only a server answer spends the key. */
  settle: (failure?: unknown) => void;
}

/**
 * One key per action a person confirms (a top-up, a borrow). When the connection drops we cannot
 * know whether the server acted, so pressing the button again for the same request reuses the
 * key: the server answers with the first outcome instead of charging twice. Any answer from the
 * server, or a different request, starts a new key.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const pending = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor: (request) => {
        if (pending.current?.request !== request) {
          pending.current = { request, key: newIdempotencyKey() };
        }
        return pending.current.key;
      },
      settle: (failure) => {
        const unanswered = failure instanceof ApiError && failure.status === 0;
        if (!unanswered) pending.current = null;
      },
    }),
    [],
  );
}
