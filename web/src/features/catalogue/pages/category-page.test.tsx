import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBookPage, requestUrl } from "../../../test/books";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { CategoryPage } from "./category-page";

describe("CategoryPage sort and filters", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).pathname === "/api/categories/3"
          ? jsonResponse({
              state: "success",
              id: "3",
              name: "Poetry",
              description: "",
              bookCount: 12,
            })
          : jsonResponse({ ...makeBookPage(1, 4), categoryId: "3", total: 12 }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
  });

  function bookRequests() {
    return fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .filter((url) => url.pathname === "/api/books")
      .map((url) => Object.fromEntries(url.searchParams));
  }

  it("lists by title until another sort or a filter is chosen, then asks with it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryPage />, { route: "/category/3", path: "/category/:id" });
    expect(await screen.findAllByRole("article")).toHaveLength(4);
    expect(bookRequests()).toEqual([{ categoryId: "3", page: "1", pageSize: "10" }]);
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("title");

    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Most borrowed");
    await user.click(screen.getByRole("checkbox", { name: "Available now" }));
    expect(screen.getByTestId("location")).toHaveTextContent(
      "/category/3?sort=popular&available=true",
    );
    await waitFor(() =>
      expect(bookRequests().at(-1)).toEqual({
        categoryId: "3",
        page: "1",
        pageSize: "10",
        sort: "popular",
        available: "true",
      }),
    );
    expect(screen.getByText("Currently 12 books in total.")).toBeInTheDocument();
  });
});
