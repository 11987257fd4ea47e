import type { RelatedResult } from "@folio/contract/catalogue";
import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBook, makeBookPage, requestUrl } from "../../test/books";
import { installFakeIntersectionObserver } from "../../test/intersection-observer";
import { makeLoan, makeLoanList } from "../../test/loans";
import { renderWithProviders } from "../../test/render";
import { HomePage } from "./home-page";

const LATEST = makeLoan(1, { title: "Moby-Dick", status: "returned" });
const ON_LOAN = makeLoan(2, { borrowDate: "2029-12-01T12:00:00.000Z" });

function related(overrides: Partial<RelatedResult> = {}): RelatedResult {
  return {
    state: "success",
    alsoBorrowed: [makeBook(2), makeBook(3, { title: "Emma" })],
    sameAuthor: [makeBook(6, { title: "Typee" })],
    sameCategory: [makeBook(11, { title: "Kidnapped" })],
    ...overrides,
  };
}

describe("HomePage: because you borrowed", () => {
  const fetchMock = vi.fn<typeof fetch>();

  function serve(answers: { history?: Response; related?: Response }) {
    fetchMock.mockImplementation((input) => {
      const { pathname } = requestUrl(input);
      if (pathname === "/api/borrow/history" && answers.history) {
        return Promise.resolve(answers.history);
      }
      if (pathname === "/api/books/related" && answers.related) {
        return Promise.resolve(answers.related);
      }
      return Promise.resolve(jsonResponse(makeBookPage(1, 2)));
    });
  }

  function asked(): string[] {
    return fetchMock.mock.calls.map(([input]) => {
      const url = requestUrl(input);
      return `${url.pathname}${url.search}`;
    });
  }

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it("points a reader from their latest loan to books they do not hold now", async () => {
    serve({
      history: jsonResponse(makeLoanList([LATEST, ON_LOAN])),
      related: jsonResponse(related()),
    });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });

    const shelf = await screen.findByRole("region", { name: "Because you borrowed Moby-Dick" });
    // Book 2 is on loan now, so only Emma is left of those also borrowed.
    expect(
      within(shelf)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Emma"]);
    expect(asked()).toContain("/api/books/related?bookId=1");
  });

  it("shows the popular books only with the row above them, which then cannot push them down", async () => {
    let answerRelated: () => void = () => undefined;
    const relatedAsked = new Promise<void>((asked) => {
      fetchMock.mockImplementation((input) => {
        const { pathname } = requestUrl(input);
        if (pathname === "/api/borrow/history") {
          return Promise.resolve(jsonResponse(makeLoanList([LATEST, ON_LOAN])));
        }
        if (pathname === "/api/books/related") {
          asked();
          return new Promise<Response>((resolve) => {
            answerRelated = () => resolve(jsonResponse(related()));
          });
        }
        return Promise.resolve(jsonResponse(makeBookPage(1, 2)));
      });
    });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });
    await act(() => relatedAsked);
    expect(
      screen.queryByRole("heading", { name: "Popular Book Recommendations" }),
    ).not.toBeInTheDocument();

    act(() => answerRelated());
    const shelf = await screen.findByRole("region", { name: "Because you borrowed Moby-Dick" });
    const popular = await screen.findByRole("heading", { name: "Popular Book Recommendations" });
    expect(shelf.compareDocumentPosition(popular) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("falls back to the same author, then the same category, when nothing else is left", async () => {
    serve({
      history: jsonResponse(makeLoanList([LATEST, ON_LOAN])),
      related: jsonResponse(related({ alsoBorrowed: [makeBook(2)], sameAuthor: [] })),
    });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });

    const shelf = await screen.findByRole("region", { name: "Because you borrowed Moby-Dick" });
    expect(within(shelf).getByRole("link", { name: "Kidnapped" })).toBeInTheDocument();
    expect(within(shelf).getAllByRole("article")).toHaveLength(1);
  });

  it("uses the same author before the category", async () => {
    serve({
      history: jsonResponse(makeLoanList([LATEST])),
      related: jsonResponse(related({ alsoBorrowed: [] })),
    });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });

    const shelf = await screen.findByRole("region", { name: "Because you borrowed Moby-Dick" });
    expect(within(shelf).getByRole("link", { name: "Typee" })).toBeInTheDocument();
    expect(within(shelf).queryByRole("link", { name: "Kidnapped" })).not.toBeInTheDocument();
  });

  it("shows nothing for a reader with no loans, and asks for no related books", async () => {
    serve({ history: jsonResponse(makeLoanList([])), related: jsonResponse(related()) });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });

    await screen.findAllByRole("article");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toContain("/api/borrow/history");
    expect(asked().some((url) => url.startsWith("/api/books/related"))).toBe(false);
    expect(screen.queryByText(/Because you borrowed/)).not.toBeInTheDocument();
  });

  it("fails quietly: no shelf and no toast when the history cannot load", async () => {
    serve({
      history: jsonResponse({ state: "error", code: "INTERNAL", message: "Broken" }, 500),
      related: jsonResponse(related()),
    });
    renderWithProviders(<HomePage />, { session: { isLoggedIn: true } });

    await screen.findAllByRole("article");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toContain("/api/borrow/history");
    expect(screen.queryByText(/Because you borrowed/)).not.toBeInTheDocument();
    expect(
      screen.queryByText("Failed to get data, please try again later"),
    ).not.toBeInTheDocument();
  });

  it("asks a visitor for no loans, and invites them to join instead", async () => {
    serve({ history: jsonResponse(makeLoanList([LATEST])), related: jsonResponse(related()) });
    renderWithProviders(<HomePage />);

    await screen.findAllByRole("article");
    expect(screen.getByRole("heading", { name: "Join Folio" })).toBeInTheDocument();
    expect(asked().some((url) => url.startsWith("/api/borrow"))).toBe(false);
    expect(screen.queryByText(/Because you borrowed/)).not.toBeInTheDocument();
  });
});
