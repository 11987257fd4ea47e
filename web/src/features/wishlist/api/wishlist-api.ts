import type { WireId } from "@folio/contract/common";
import type { BookListState } from "@folio/contract/lists";
import { ApiError, apiPost } from "../../../lib/api-client";

/** A wishlist answer without its lists is a failure, not an empty wishlist. */
function checkedList(list: BookListState | undefined): BookListState {
  if (!Array.isArray(list?.bookId) || !Array.isArray(list.books)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the wishlist");
  }
  return list;
}

export async function fetchWishlist(signal?: AbortSignal): Promise<BookListState> {
  return checkedList(await apiPost<BookListState>("/api/wishlist/get", undefined, { signal }));
}

/** State " exist." when the book was already there (spec §7). */
export async function addToWishlist(bookId: WireId): Promise<BookListState> {
  return checkedList(await apiPost<BookListState>("/api/wishlist/add", { bookId }));
}

export async function removeFromWishlist(bookId: WireId): Promise<BookListState> {
  return checkedList(await apiPost<BookListState>("/api/wishlist/delete", { bookId }));
}
