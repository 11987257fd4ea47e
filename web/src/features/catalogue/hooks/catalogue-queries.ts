import type { WireId } from "@folio/contract/common";
import type { SearchResult } from "@folio/contract/catalogue";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { bookQueryKey, CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import {
  fetchBooksByCategory,
  fetchCategories,
  fetchCategory,
  fetchPopularBooks,
  fetchRelatedBooks,
  searchBooks,
  type BookListing,
  type PopularListing,
  type SearchTerms,
} from "../api/catalogue-api";
import { bookQuery, nextPage, popularBooksQuery } from "../route-queries";
import { hasSearchTerms } from "../search-terms";

/** Query keys in one place so later features can invalidate them (a borrow changes copies). */
export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  popular: () => popularBooksQuery().queryKey,
  search: (terms: SearchTerms, listing: BookListing = {}) =>
    [...catalogueKeys.all, "search", terms, listing] as const,
  categoryBooks: (categoryId: WireId, listing: BookListing = {}) =>
    [...catalogueKeys.all, "category-books", categoryId, listing] as const,
  categories: () => [...catalogueKeys.all, "categories"] as const,
  category: (categoryId: WireId) => [...catalogueKeys.all, "category", categoryId] as const,
  related: (bookId: WireId) => [...catalogueKeys.all, "related", bookId] as const,
  book: bookQueryKey,
};

function isListed(listing: PopularListing): boolean {
  return Object.values(listing).some((value) => value !== undefined);
}

/**
 * Unsorted and unfiltered, the list Home's route already asked for (app/router.tsx); sorted or
 * filtered, a list of its own under the same root, so a borrow refreshes both.
 */
export function usePopularBooks(listing: PopularListing = {}) {
  const popular = popularBooksQuery();
  return useInfiniteQuery({
    queryKey: isListed(listing) ? [...popular.queryKey, listing] : popular.queryKey,
    queryFn: ({ pageParam, signal }) => fetchPopularBooks(pageParam, signal, listing),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * A page of a title search that found no title but names an author or a category, as the list
 * of that author's or category's books (its `fallback` kept, to say so).
 */
function withFallbackBooks(page: SearchResult): SearchResult {
  if (!page.fallback) return page;
  const { bookId, books, hasMore } = page.fallback;
  return { ...page, bookId, books, hasMore };
}

export function useSearchBooks(terms: SearchTerms, listing: BookListing = {}) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.search(terms, listing),
    queryFn: ({ pageParam, signal }) => searchBooks(terms, pageParam, signal, listing),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResult) => nextPage(withFallbackBooks(last)),
    select: (data) => ({ ...data, pages: data.pages.map(withFallbackBooks) }),
    enabled: hasSearchTerms(terms),
  });
}

export function useCategoryBooks(categoryId: WireId | null, listing: BookListing = {}) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.categoryBooks(categoryId ?? "", listing),
    queryFn: ({ pageParam, signal }) =>
      fetchBooksByCategory(categoryId ?? "", pageParam, signal, listing),
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

/**
 * Names no failure message: a book's next reads are an extra, and fail without a word.
 * `enabled`: false until the page knows which book (Home, from the reader's latest loan).
 */
export function useRelatedBooks(bookId: WireId, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.related(bookId),
    queryFn: ({ signal }) => fetchRelatedBooks(bookId, signal),
    enabled,
  });
}
