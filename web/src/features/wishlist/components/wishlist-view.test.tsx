import type { WireId } from "@folio/contract/common";
import type { Book } from "@folio/contract/catalogue";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, makeBook } from "../../../test/books";
import { makeWishlist } from "../../../test/lists";
import { renderWithProviders } from "../../../test/render";
import { WishlistView } from "./wishlist-view";

const EMMA = makeBook(1, { title: "Emma", price: 3.5 });
const DRACULA = makeBook(2, { title: "Dracula", price: 4.25 });

function serveWishlist(books: Book[], deleteAnswer?: () => Response) {
  let list = [...books];
  const fetchMock = fakeApi({
    "/api/wishlist/get": () => jsonResponse(makeWishlist(list)),
    "/api/wishlist/delete": () => {
      if (deleteAnswer) return deleteAnswer();
      const { bookId } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { bookId: WireId };
      list = list.filter((book) => book.bookId !== bookId);
      return jsonResponse(makeWishlist(list));
    },
  });
  vi.stubGlobal("fetch", fetchMock);
}

function renderView() {
  renderWithProviders(<WishlistView />, {
    route: "/user/wishlist",
    session: { isLoggedIn: true },
  });
}

describe("WishlistView", () => {
  it("says whether a copy is free below the author, never laid over the cover", async () => {
    serveWishlist([EMMA]);
    renderView();

    const item = await screen.findByRole("listitem");
    const badge = within(item).getByText("3 available");
    expect(item.querySelector(".wishlist-card__cover")).not.toContainElement(badge);
    const author = within(item).getByText(EMMA.author);
    expect(author.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the saved books with View Details and Remove, down to the empty state", async () => {
    const user = userEvent.setup();
    serveWishlist([EMMA, DRACULA]);
    const announced = vi.fn();
    window.addEventListener("wishlist-updated", announced);
    renderView();

    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("heading", { level: 3, name: "Emma" })).toBeInTheDocument();
    expect(within(items[0]!).getByText("£3.50")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View details of Emma" })).toHaveAttribute(
      "href",
      "/book/1",
    );

    await user.click(screen.getByRole("button", { name: "Remove Emma from wishlist" }));
    expect(await screen.findByText("Removed from wishlist")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Remove Dracula from wishlist" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Remove Dracula from wishlist" }));
    expect(await screen.findByText("Your wish list is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse books" })).toHaveFocus();
    // Every change is announced with the new list, for the header heart.
    expect(announced.mock.calls.at(-1)?.[0]).toMatchObject({ detail: { bookId: [] } });
    window.removeEventListener("wishlist-updated", announced);
  });

  it("says so when a book cannot be removed", async () => {
    const user = userEvent.setup();
    serveWishlist([EMMA], () => new Response("Bad gateway", { status: 502 }));
    renderView();
    await user.click(await screen.findByRole("button", { name: "Remove Emma from wishlist" }));
    expect(
      await screen.findByText("Failed to remove book, please try again later"),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Emma" })).toBeInTheDocument();
  });
});
