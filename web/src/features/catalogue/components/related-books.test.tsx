import type { RelatedResult } from "@folio/contract/catalogue";
import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBook, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { RelatedBooks } from "./related-books";

const MOBY_DICK = makeBook(1, { title: "Moby-Dick", author: "Herman Melville" });

function related(overrides: Partial<RelatedResult> = {}): RelatedResult {
  return {
    state: "success",
    alsoBorrowed: [makeBook(2), makeBook(3)],
    sameAuthor: [makeBook(6, { title: "Typee", author: "Herman Melville" })],
    sameCategory: [makeBook(11)],
    ...overrides,
  };
}

describe("RelatedBooks", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it("shows the three shelves from one request, each a list of book cards", async () => {
    fetchMock.mockResolvedValue(jsonResponse(related()));
    renderWithProviders(<RelatedBooks book={MOBY_DICK} />);

    const alsoBorrowed = await screen.findByRole("region", {
      name: "Readers who borrowed this also borrowed",
    });
    expect(within(alsoBorrowed).getAllByRole("article")).toHaveLength(2);
    const byAuthor = screen.getByRole("region", { name: "More by Herman Melville" });
    expect(within(byAuthor).getByRole("link", { name: "Typee" })).toHaveAttribute(
      "href",
      "/book/6",
    );
    const inCategory = screen.getByRole("region", { name: "More in Adventure" });
    expect(within(inCategory).getAllByRole("article")).toHaveLength(1);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Readers who borrowed this also borrowed",
      "More by Herman Melville",
      "More in Adventure",
    ]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = requestUrl(fetchMock.mock.calls[0]?.[0]);
    expect(`${url.pathname}${url.search}`).toBe("/api/books/related?bookId=1");
  });

  it("leaves out a shelf with no books", async () => {
    fetchMock.mockResolvedValue(jsonResponse(related({ alsoBorrowed: [], sameCategory: [] })));
    renderWithProviders(<RelatedBooks book={MOBY_DICK} />);

    expect(await screen.findByRole("region", { name: "More by Herman Melville" })).toBeVisible();
    expect(screen.getAllByRole("region")).toHaveLength(1);
    expect(screen.queryByText(/Readers who borrowed/)).not.toBeInTheDocument();
  });

  it("shows nothing, and no error, when the request fails", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "INTERNAL", message: "Something went wrong" }, 500),
    );
    const { container } = renderWithProviders(<RelatedBooks book={MOBY_DICK} />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the failed answer settle before looking for what it left behind.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(container.querySelector(".book-row")).toBeNull();
  });
});
