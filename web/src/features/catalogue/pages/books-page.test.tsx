import type { Category } from "@folio/contract/catalogue";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBookPage, requestUrl } from "../../../test/books";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { BooksPage } from "./books-page";

const CATEGORIES: Category[] = [
  { id: "1", name: "Adventure", description: "", bookCount: 12 },
  { id: "3", name: "Poetry", description: "", bookCount: 12 },
];

describe("BooksPage (the library grid)", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).pathname === "/api/categories/getAll"
          ? jsonResponse({ state: "Success", categoriesList: CATEGORIES })
          : jsonResponse(makeBookPage(1, 4)),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
  });

  /** The query of each request for the grid so far. */
  function popularRequests() {
    return fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .filter((url) => url.pathname === "/api/books/popular")
      .map((url) => Object.fromEntries(url.searchParams));
  }

  it("asks as the spec does until something is chosen, most borrowed first", async () => {
    renderWithProviders(<BooksPage />, { route: "/books" });
    expect(await screen.findAllByRole("article")).toHaveLength(4);
    expect(popularRequests()).toEqual([{ page: "1", pageSize: "10" }]);
    const group = screen.getByRole("group", { name: "Sort and filter" });
    const sort = within(group).getByRole("combobox", { name: "Sort by" });
    expect(sort).toHaveValue("popular");
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Most borrowed", "Highest rated", "Newest", "Title A–Z"]);
  });

  it("keeps to the category chosen from the categories list, in the URL and the request", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BooksPage />, { route: "/books?sort=title" });
    const category = screen.getByRole("combobox", { name: "Category" });
    await within(category).findByRole("option", { name: "Poetry" });
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All categories", "Adventure", "Poetry"]);

    await user.selectOptions(category, "Poetry");
    expect(screen.getByTestId("location")).toHaveTextContent("/books?sort=title&categoryId=3");
    await waitFor(() =>
      expect(popularRequests().at(-1)).toEqual({
        page: "1",
        pageSize: "10",
        sort: "title",
        categoryId: "3",
      }),
    );
    expect(screen.getByText("Every book on our shelves, by title.")).toBeInTheDocument();

    await user.selectOptions(category, "All categories");
    expect(screen.getByTestId("location").textContent).toBe("/books?sort=title");
  });
});
