import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { fakeApi, sentBody } from "../../test/accounts";
import { jsonResponse, requestUrl } from "../../test/books";

/**
 * What the reader's hook tests share: a hook rendered inside a query client of its own, and a
 * server that answers the reading calls (nothing saved yet, unless told otherwise).
 */

export function renderReaderHook<Result, Props>(
  hook: (props: Props) => Result,
  options: { initialProps?: Props } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(hook, { wrapper, ...options }) };
}

type Answers = Parameters<typeof fakeApi>[0];

/** Answers the reading calls; a new annotation comes back as sent, with an id. */
export function serveReading(answers: Answers = {}) {
  const api = fakeApi({
    "/api/reading/progress": () =>
      jsonResponse({
        state: "success",
        bookId: "12",
        locator: null,
        percentage: null,
        updatedAt: null,
      }),
    "/api/reading/annotations": () => jsonResponse({ state: "success", annotations: [] }),
    "/api/reading/preferences": () =>
      jsonResponse({ state: "success", preferences: null, updatedAt: null }),
    ...answers,
  });
  let made = 0;
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    if (requestUrl(input).pathname === "/api/reading/annotations" && init?.method === "POST") {
      made += 1;
      const at = "2030-01-01T00:00:00.000Z";
      const body = sentBody(init) as Record<string, unknown>;
      const annotation = { id: String(100 + made), text: null, note: null, color: null, ...body };
      return Promise.resolve(
        jsonResponse({
          state: "success",
          annotation: { ...annotation, createdAt: at, updatedAt: at },
        }),
      );
    }
    return api(input, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The bodies POSTed to `path`, in order. */
export function postsTo(fetchMock: ReturnType<typeof serveReading>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input).pathname === path && init?.method === "POST")
    .map(([, init]) => sentBody(init));
}
