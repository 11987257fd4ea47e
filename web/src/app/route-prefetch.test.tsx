// Runs isolated: it watches a page's code arrive, so no other file may have loaded it first.
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../test/accounts";
import { jsonResponse, requestUrl } from "../test/books";
import { installFakeIntersectionObserver } from "../test/intersection-observer";
import { makeBookDetail } from "../test/loans";
import { renderApp } from "../test/render-app";
import { createQueryClient } from "./query-client";

/** What the app has asked the API so far, path and query. */
function asked(fetch: ReturnType<typeof fakeApi>): string[] {
  return fetch.mock.calls.map(([input]) => {
    const url = requestUrl(input);
    return `${url.pathname}${url.search}`;
  });
}

// A page's code comes with import(), which has not finished when the first render has: these
// requests start alongside it instead of after it. The app's own query client, since its
// freshness decides what is asked again.
describe("the pages people arrive on", () => {
  let fetch: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    installFakeIntersectionObserver();
    fetch = fakeApi({
      "/api/books/get": () => jsonResponse(makeBookDetail(12, { title: "Emma" })),
    });
    vi.stubGlobal("fetch", fetch);
  });

  it("ask for a book while the book page's code is still on its way", async () => {
    renderApp("/book/12", createQueryClient());
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(asked(fetch)).toContain("/api/books/get?bookId=12");
    // The page, once here, uses that answer instead of asking again.
    await screen.findByRole("heading", { level: 1, name: "Emma" });
    expect(asked(fetch).filter((url) => url.startsWith("/api/books/get"))).toHaveLength(1);
  });

  it("ask for Home's popular books while Home's code is still on its way", async () => {
    renderApp("/", createQueryClient());
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(asked(fetch)).toContain("/api/books/popular?page=1&pageSize=10");
    await screen.findByRole("heading", { level: 1, name: "Find your next great read" });
    expect(asked(fetch).filter((url) => url.startsWith("/api/books/popular"))).toHaveLength(1);
  });

  it("ask for nothing on a book address that is not a book id", () => {
    renderApp("/book/abc", createQueryClient());
    expect(asked(fetch).filter((url) => url.startsWith("/api/books/get"))).toEqual([]);
  });
});
