import type { WireId } from "@folio/contract/common";
import type {
  BookDetail,
  BookList,
  BooksByCategory,
  CategoriesList,
  CategoryDetail,
  SearchResult,
} from "@folio/contract/catalogue";
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

export function fetchBook(bookId: WireId, signal?: AbortSignal): Promise<BookDetail> {
  return apiGet<BookDetail>("/api/books/get", { bookId }, { signal });
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
