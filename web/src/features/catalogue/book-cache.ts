import type { WireId } from "@folio/contract/common";
import { readStoredJson, withTextId, writeStoredQuietly } from "../../lib/storage";

/** Enough of a book to draw it without a request (spec §3's per-book cache). */
export interface CachedBook {
  bookId: WireId;
  title: string;
  author: string;
  price: number;
  coverUrl: string;
}

const BOOK_CACHE_PREFIX = "book:";

/** Public catalogue data, so it outlives a logout. */
export function cacheBook(book: CachedBook): void {
  // The cache is an optimisation only; no screen follows it.
  writeStoredQuietly(`${BOOK_CACHE_PREFIX}${book.bookId}`, book);
}

export function readCachedBook(bookId: WireId): CachedBook | null {
  const value = readStoredJson(`${BOOK_CACHE_PREFIX}${bookId}`);
  return value !== null && typeof value === "object" && "bookId" in value
    ? withTextId(value as CachedBook)
    : null;
}
