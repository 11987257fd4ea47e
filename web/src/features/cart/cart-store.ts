import type { WireId } from "@folio/contract/common";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Cart } from "@folio/contract/lists";
import { penceToPounds } from "@folio/contract/money";
import { sumPence } from "../../lib/money";
import { storedBookList } from "../../lib/storage";
import { fetchCart } from "./api/cart-api";

export const cartKeys = {
  all: ["cart"] as const,
  items: () => [...cartKeys.all, "items"] as const,
};

/**
 * Spec §4: broadcast on window after every change to the cart. An event whose detail carries
 * the new `bookId` list reports a change already applied here; one without a detail (from code
 * that only knows that something changed) makes the header ask the server again.
 */
export const CART_UPDATED_EVENT = "cart-updated";

export interface ListUpdatedDetail {
  bookId: WireId[];
}

export function announcesNewList(event: Event): boolean {
  const detail = (event as CustomEvent<Partial<ListUpdatedDetail> | null>).detail;
  return Array.isArray(detail?.bookId);
}

/** A book in spec §3's `cartItems`: enough to draw it without a request. */
export interface StoredCartItem {
  bookId: WireId;
  title: string;
  author: string;
  price: number;
  coverUrl: string;
}

/** Spec §3's `cartItems`; the header counts it. */
export const storedCartItems = storedBookList<StoredCartItem>("cartItems");

/** Keeps spec §3's `cartItems` and tells everyone listening. */
export function rememberCart(cart: Cart): void {
  storedCartItems.write(
    cart.books.map((book) => ({
      bookId: book.bookId,
      title: book.title,
      author: book.author,
      price: book.price,
      coverUrl: book.coverUrl,
    })),
  );
  window.dispatchEvent(
    new CustomEvent<ListUpdatedDetail>(CART_UPDATED_EVENT, { detail: { bookId: cart.bookId } }),
  );
}

/** Every answer that carries the cart goes through here, so cache, storage and header agree. */
export function applyCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartKeys.items(), cart);
  rememberCart(cart);
}

export function cartQuery() {
  return queryOptions({
    queryKey: cartKeys.items(),
    queryFn: async ({ signal }) => {
      const cart = await fetchCart(signal);
      rememberCart(cart);
      return cart;
    },
    // Another tab may have changed it; opening the cart always asks again.
    staleTime: 0,
  });
}

/**
 * The server takes lent books out of the cart (design §4); drop them here at once, then ask
 * again so anything else that changed shows too.
 */
export function dropFromCart(queryClient: QueryClient, bookIds: readonly WireId[]): void {
  const gone = new Set(bookIds);
  const cart = queryClient.getQueryData<Cart>(cartKeys.items());
  if (cart) {
    const books = cart.books.filter((book) => !gone.has(book.bookId));
    applyCart(queryClient, {
      ...cart,
      bookId: books.map((book) => book.bookId),
      books,
      total: penceToPounds(sumPence(books.map((book) => book.price))),
    });
  }
  void queryClient.invalidateQueries({ queryKey: cartKeys.all });
}
