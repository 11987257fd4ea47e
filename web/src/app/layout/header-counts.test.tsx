import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/accounts";
import { jsonResponse, makeBook } from "../../test/books";
import { makeCart, makeWishlist } from "../../test/lists";
import { renderWithProviders } from "../../test/render";
import { Header } from "./header";

describe("Header counts", () => {
  it("counts a member's cart and wishlist, and asks again when told of a change", async () => {
    let cart = [makeBook(1), makeBook(2)];
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/cart/get": () => jsonResponse(makeCart(cart)),
        "/api/wishlist/get": () => jsonResponse(makeWishlist([makeBook(3)])),
      }),
    );
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });

    const cartLink = await screen.findByRole("link", { name: "Cart, 2 books" });
    expect(cartLink).toHaveAttribute("href", "/cart");
    expect(cartLink).toHaveTextContent("2");
    expect(await screen.findByRole("link", { name: "Wishlist, 1 book" })).toHaveAttribute(
      "href",
      "/user/wishlist",
    );

    // Someone changed the cart without saying how: the header asks the server.
    cart = [makeBook(1)];
    act(() => {
      window.dispatchEvent(new Event("cart-updated"));
    });
    expect(await screen.findByRole("link", { name: "Cart, 1 book" })).toBeInTheDocument();
  });

  it("shows a visitor no counts", () => {
    const fetchMock = fakeApi();
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<Header />);
    const cart = screen.getByRole("button", { name: "Cart, 0 books" });
    expect(cart.querySelector(".count-link__badge")).toBeNull();
    expect(screen.getByRole("button", { name: "Wishlist, 0 books" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
