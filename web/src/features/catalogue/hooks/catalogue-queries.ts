import type { WireId } from "@folio/contract/common";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { bookQueryKey, CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import {
  fetchBooksByCategory,
  fetchCategories,
  fetchCategory,
  searchBooks,
  type SearchTerms,
} from "../api/catalogue-api";
import { bookQuery, nextPage, popularBooksQuery } from "../route-queries";
import { hasSearchTerms } from "../search-terms";

/** Query keys in one place so later features can invalidate them (a borrow changes copies). */
export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  popular: () => popularBooksQuery().queryKey,
  search: (terms: SearchTerms) => [...catalogueKeys.all, "search", terms] as const,
  categoryBooks: (categoryId: WireId) =>
    [...catalogueKeys.all, "category-books", categoryId] as const,
  categories: () => [...catalogueKeys.all, "categories"] as const,
  category: (categoryId: WireId) => [...catalogueKeys.all, "category", categoryId] as const,
  book: bookQueryKey,
};

export function usePopularBooks() {
  return useInfiniteQuery(popularBooksQuery());
}

export function useSearchBooks(terms: SearchTerms) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.search(terms),
    queryFn: ({ pageParam, signal }) => searchBooks(terms, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: hasSearchTerms(terms),
  });
}

export function useCategoryBooks(categoryId: WireId | null) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.categoryBooks(categoryId ?? ""),
    queryFn: ({ pageParam, signal }) => fetchBooksByCategory(categoryId ?? "", pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: categoryId !== null,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => fetchCategories(signal),
    // Categories change rarely; keep them for the whole visit.
    staleTime: 10 * 60_000,
  });
}

export function useCategory(categoryId: WireId | null) {
  return useQuery({
    queryKey: catalogueKeys.category(categoryId ?? ""),
    queryFn: ({ signal }) => fetchCategory(categoryId ?? "", signal),
    enabled: categoryId !== null,
  });
}

export function useBook(bookId: WireId | null) {
  return useQuery({ ...bookQuery(bookId ?? ""), enabled: bookId !== null });
}
