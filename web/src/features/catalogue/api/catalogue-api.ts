import type { WireId } from "@folio/contract/common";
import type {
  BookList,
  BookSort,
  BooksByCategory,
  CategoriesList,
  CategoryDetail,
  RelatedResult,
  SearchResult,
} from "@folio/contract/catalogue";
import type { BookDetailWithHolds } from "@folio/contract/holds";
import { ApiError, apiGet } from "../../../lib/api-client";

/** Spec §9: lists and search come in pages of 10. */
export const PAGE_SIZE = 10;

export interface SearchTerms {
  title?: string;
  author?: string;
  category?: string;
}

/**
 * How a list is ordered and narrowed beyond the spec's parameters (design.md §7.5). What is left
 * unset stays out of the request, so a list nobody sorted asks exactly as the spec has it.
 */
export interface BookListing {
  sort?: BookSort;
  /** Only books that can be borrowed now. */
  available?: true;
  minRating?: number;
}

/** The library grid may also keep to one category. */
export interface PopularListing extends BookListing {
  categoryId?: WireId;
}

function listingQuery({ sort, available, minRating }: BookListing) {
  return { sort, available, minRating };
}

export function fetchPopularBooks(
  page: number,
  signal?: AbortSignal,
  listing: PopularListing = {},
): Promise<BookList> {
  return apiGet<BookList>(
    "/api/books/popular",
    { page, pageSize: PAGE_SIZE, ...listingQuery(listing), categoryId: listing.categoryId },
    { signal },
  );
}

/** The book with its queue for holds, and with a token the caller's own hold (design.md §7.2). */
export function fetchBook(bookId: WireId, signal?: AbortSignal): Promise<BookDetailWithHolds> {
  return apiGet<BookDetailWithHolds>("/api/books/get", { bookId }, { signal });
}

export function searchBooks(
  terms: SearchTerms,
  page: number,
  signal?: AbortSignal,
  listing: BookListing = {},
): Promise<SearchResult> {
  return apiGet<SearchResult>(
    "/api/books/search",
    { ...terms, page, pageSize: PAGE_SIZE, ...listingQuery(listing) },
    { signal },
  );
}

export function fetchBooksByCategory(
  categoryId: WireId,
  page: number,
  signal?: AbortSignal,
  listing: BookListing = {},
): Promise<BooksByCategory> {
  return apiGet<BooksByCategory>(
    "/api/books",
    { categoryId, page, pageSize: PAGE_SIZE, ...listingQuery(listing) },
    { signal },
  );
}

/** Where a book's page leads next: also borrowed, same author, same category. */
export async function fetchRelatedBooks(
  bookId: WireId,
  signal?: AbortSignal,
): Promise<RelatedResult> {
  const related = await apiGet<RelatedResult | undefined>(
    "/api/books/related",
    { bookId },
    { signal },
  );
  // An answer without its lists is a failed load, not a book with nothing related.
  const lists = [related?.alsoBorrowed, related?.sameAuthor, related?.sameCategory];
  if (!related || !lists.every(Array.isArray)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the related books");
  }
  return related;
}

export function fetchCategories(signal?: AbortSignal): Promise<CategoriesList> {
  return apiGet<CategoriesList>("/api/categories/getAll", undefined, { signal });
}

export function fetchCategory(categoryId: WireId, signal?: AbortSignal): Promise<CategoryDetail> {
  return apiGet<CategoryDetail>(`/api/categories/${categoryId}`, undefined, { signal });
}
