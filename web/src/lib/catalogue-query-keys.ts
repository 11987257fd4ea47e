import type { WireId } from "@folio/contract/common";
/**
 * The catalogue's query keys that other features must refresh (a review moves a book's rating).
 * In lib so they can do it without importing the catalogue feature; the catalogue builds its own
 * keys on these.
 */
export const CATALOGUE_QUERY_ROOT = ["catalogue"] as const;

export function bookQueryKey(bookId: WireId) {
  return [...CATALOGUE_QUERY_ROOT, "book", bookId] as const;
}
