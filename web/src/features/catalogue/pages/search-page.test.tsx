import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeSearchPage, requestUrl } from "../../../test/books";
import {
  FakeIntersectionObserver,
  installFakeIntersectionObserver,
} from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { SearchPage } from "./search-page";

describe("SearchPage", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it("searches with the trimmed terms of the URL, page after page, until a short page", async () => {
    fetchMock.mockImplementation((input) => {
      const page = Number(requestUrl(input).searchParams.get("page"));
      return Promise.resolve(jsonResponse(makeSearchPage(page, page === 1 ? 10 : 2)));
    });
    renderWithProviders(<SearchPage />, { route: "/search?author=%20Austen%20&title=" });

    expect(await screen.findAllByRole("article")).toHaveLength(10);
    const firstUrl = requestUrl(fetchMock.mock.calls[0]?.[0]);
    expect(firstUrl.pathname).toBe("/api/books/search");
    expect(Object.fromEntries(firstUrl.searchParams)).toEqual({
      author: "Austen",
      page: "1",
      pageSize: "10",
    });
    expect(screen.getByLabelText("Author")).toHaveValue("Austen");

    act(() => FakeIntersectionObserver.intersectAll());
    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(12);
  });

  it("shows 'No data available' for no results", async () => {
    fetchMock.mockResolvedValue(jsonResponse(makeSearchPage(1, 0)));
    renderWithProviders(<SearchPage />, { route: "/search?title=zzzz" });
    expect(await screen.findByText("No data available")).toBeInTheDocument();
  });

  it("shows 'Search failed, please try again later' when the search fails", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderWithProviders(<SearchPage />, { route: "/search?title=moby" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Search failed, please try again later",
    );
  });

  it("does not call the server without a search term", () => {
    renderWithProviders(<SearchPage />, { route: "/search?title=%20%20" });
    expect(screen.getByText("At least one search parameter is required")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
