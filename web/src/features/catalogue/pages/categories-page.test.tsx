import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBookPage, requestUrl } from "../../../test/books";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { renderApp } from "../../../test/render-app";
import { CategoriesPage } from "./categories-page";

const categories = ["Adventure", "Poetry", "Romance"].map((name, n) => ({
  id: String(n + 1),
  name,
  description: `${name} books.`,
  bookCount: 12,
}));

describe("CategoriesPage", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.pathname === "/api/categories/getAll") {
        return Promise.resolve(jsonResponse({ state: "Success", categoriesList: categories }));
      }
      const categoryId = url.searchParams.get("categoryId") ?? "";
      return Promise.resolve(jsonResponse({ ...makeBookPage(1, 4), categoryId, total: 12 }));
    });
    vi.stubGlobal("fetch", fetchMock);
    // jsdom lays nothing out and has no scrollIntoView.
    Element.prototype.scrollIntoView = scrollIntoView;
    scrollIntoView.mockReset();
  });

  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("brings the chosen category's books into view, focus on their heading", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoriesPage />, { route: "/categories" });
    await user.click(await screen.findByRole("link", { name: /^Poetry/ }));

    const heading = await screen.findByRole("heading", { level: 2, name: "Poetry" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(heading);
    expect(screen.getByTestId("location")).toHaveTextContent("/categories?category=2");
    expect(await screen.findByText("Currently 12 books in total.")).toBeInTheDocument();
    expect(await screen.findAllByRole("article")).toHaveLength(4);

    // Another card moves there again, and so does the chosen one once scrolled away from.
    await user.click(screen.getByRole("link", { name: /^Romance/ }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 2, name: "Romance" })).toHaveFocus(),
    );
    screen.getByRole("link", { name: /^Romance/ }).focus();
    await user.click(screen.getByRole("link", { name: /^Romance/ }));
    expect(screen.getByRole("heading", { level: 2, name: "Romance" })).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(3);
  });

  it("keeps the focus there in the whole app, whose new pages focus their main region", async () => {
    const user = userEvent.setup();
    renderApp("/categories");
    await user.click(await screen.findByRole("link", { name: /^Poetry/ }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Poetry" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText("Currently 12 books in total.")).toBeInTheDocument();
    expect(heading).toHaveFocus();
  });

  it("leaves focus alone when the page opens on a category", async () => {
    renderWithProviders(<CategoriesPage />, { route: "/categories?category=2" });
    const heading = await screen.findByRole("heading", { level: 2, name: "Poetry" });
    expect(await screen.findByText("Currently 12 books in total.")).toBeInTheDocument();
    expect(heading).not.toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
