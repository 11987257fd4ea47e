import type { WireId } from "@folio/contract/common";
import type {
  BookList,
  BooksByCategory,
  CategoriesList,
  CategoryDetail,
  SearchResult,
} from "@folio/contract/catalogue";
import type { BookDetailWithHolds } from "@folio/contract/holds";
import { apiGet } from "../../../lib/api-client";

/** Spec §9: lists and search come in pages of 10. */
export const PAGE_SIZE = 10;

export interface SearchTerms {
  title?: string;
  author?: string;
  category?: string;
}

export function fetchPopularBooks(page: number, signal?: AbortSignal): Promise<BookList> {
  return apiGet<BookList>("/api/books/popular", { page, pageSize: PAGE_SIZE }, { signal });
}

/** The book with its queue for holds, and with a token the caller's own hold (design.md §7.2). */
export function fetchBook(bookId: WireId, signal?: AbortSignal): Promise<BookDetailWithHolds> {
  return apiGet<BookDetailWithHolds>("/api/books/get", { bookId }, { signal });
}

export function searchBooks(
  terms: SearchTerms,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return apiGet<SearchResult>(
    "/api/books/search",
    { ...terms, page, pageSize: PAGE_SIZE },
    { signal },
  );
}

export function fetchBooksByCategory(
  categoryId: WireId,
  page: number,
  signal?: AbortSignal,
): Promise<BooksByCategory> {
  return apiGet<BooksByCategory>(
    "/api/books",
    { categoryId, page, pageSize: PAGE_SIZE },
    { signal },
  );
}

export function fetchCategories(signal?: AbortSignal): Promise<CategoriesList> {
  return apiGet<CategoriesList>("/api/categories/getAll", undefined, { signal });
}

export function fetchCategory(categoryId: WireId, signal?: AbortSignal): Promise<CategoryDetail> {
  return apiGet<CategoryDetail>(`/api/categories/${categoryId}`, undefined, { signal });
}
