import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { BookListState } from "@folio/contract/lists";
import { fetchWishlist } from "./api/wishlist-api";

export const wishlistKeys = {
  all: ["wishlist"] as const,
  items: () => [...wishlistKeys.all, "items"] as const,
};

/**
 * Spec §4: broadcast on window after every change to the wishlist. An event whose detail
 * carries the new `bookId` list reports a change already applied here; one without a detail
 * (from code that only knows that something changed) makes the header ask the server again.
 */
export const WISHLIST_UPDATED_EVENT = "wishlist-updated";

export function announcesNewList(event: Event): boolean {
  const detail = (event as CustomEvent<{ bookId?: unknown } | null>).detail;
  return Array.isArray(detail?.bookId);
}

function announceWishlist(list: BookListState): void {
  window.dispatchEvent(
    new CustomEvent(WISHLIST_UPDATED_EVENT, { detail: { bookId: list.bookId } }),
  );
}

/** Every answer that carries the wishlist goes through here, so cache and header agree. */
export function applyWishlist(queryClient: QueryClient, list: BookListState): void {
  queryClient.setQueryData(wishlistKeys.items(), list);
  announceWishlist(list);
}

export function wishlistQuery() {
  return queryOptions({
    queryKey: wishlistKeys.items(),
    queryFn: async ({ signal }) => {
      const list = await fetchWishlist(signal);
      announceWishlist(list);
      return list;
    },
    // A borrow elsewhere takes books off the wishlist; opening it always asks again.
    staleTime: 0,
  });
}

/** Something outside this feature changed the wishlist (a borrow): ask the server again. */
export function refreshWishlist(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
}
