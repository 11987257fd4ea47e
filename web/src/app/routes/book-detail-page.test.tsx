import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readCachedBook } from "../../lib/storage";
import { jsonResponse, makeBook } from "../../test/books";
import { renderWithProviders } from "../../test/render";
import { BookDetailPage } from "./book-detail-page";

describe("BookDetailPage", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  function serveBook(overrides: Parameters<typeof makeBook>[1] = {}) {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "success", ...makeBook(1, overrides), borrowTimes: 2 }),
    );
  }

  it("shows the book with its price, copies, rating and links", async () => {
    serveBook({ title: "Moby-Dick", availableCopies: 2, totalCopies: 5, rating: 4.2 });
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });

    expect(await screen.findByRole("heading", { level: 1, name: "Moby-Dick" })).toBeInTheDocument();
    expect(screen.getByText("£4.99")).toBeInTheDocument();
    expect(screen.getByText("2/5")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rated 4.2 out of 5" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Herman Melville" })).toHaveAttribute(
      "href",
      "/search?author=Herman+Melville",
    );
    expect(screen.getByRole("link", { name: "Adventure" })).toHaveAttribute("href", "/category/1");
    expect(screen.getByText("No reviews yet. Be the first to review!")).toBeInTheDocument();
    expect(document.title).toBe("Moby-Dick | Folio");
    expect(readCachedBook(1)).toMatchObject({ bookId: 1, title: "Moby-Dick", price: 4.99 });
  });

  it("asks a visitor to log in before adding to the cart, borrowing or reading", async () => {
    const user = userEvent.setup();
    serveBook();
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });
    const addToCart = await screen.findByRole("button", { name: "Add to cart" });

    await user.click(addToCart);
    const dialog = screen.getByRole("dialog", { name: "Login required" });
    expect(dialog).toHaveTextContent("Please login to add items to cart");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(addToCart).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Borrow" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("Please login first");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Login" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("uses the placeholders for a book without title, author or rating", async () => {
    serveBook({ title: "", author: " ", rating: null, ratingCount: 0 });
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unknown Book" }),
    ).toBeInTheDocument();
    expect(screen.getByText("by Unknown Author")).toBeInTheDocument();
    expect(screen.getByText("No ratings yet")).toBeInTheDocument();
  });

  it("explains why an unknown book cannot be shown", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "BOOK_NOT_FOUND", message: "No book has id 999" }, 404),
    );
    renderWithProviders(<BookDetailPage />, { route: "/book/999", path: "/book/:id" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Unable to load book details: No book has id 999",
    );
    expect(screen.queryByRole("heading", { name: "Reviews" })).not.toBeInTheDocument();
  });

  it("does not ask the server about an id that cannot exist", () => {
    renderWithProviders(<BookDetailPage />, { route: "/book/abc", path: "/book/:id" });
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to load book details:");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
