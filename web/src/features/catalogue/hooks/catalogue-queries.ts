import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { BookList } from "@folio/contract/catalogue";
import { bookQueryKey, CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import { cacheBook } from "../../../lib/storage";
import {
  fetchBook,
  fetchBooksByCategory,
  fetchCategories,
  fetchCategory,
  fetchPopularBooks,
  searchBooks,
  type SearchTerms,
} from "../api/catalogue-api";
import { hasSearchTerms } from "../search-terms";

/** Query keys in one place so later features can invalidate them (a borrow changes copies). */
export const catalogueKeys = {
  all: CATALOGUE_QUERY_ROOT,
  popular: () => [...catalogueKeys.all, "popular"] as const,
  search: (terms: SearchTerms) => [...catalogueKeys.all, "search", terms] as const,
  categoryBooks: (categoryId: number) =>
    [...catalogueKeys.all, "category-books", categoryId] as const,
  categories: () => [...catalogueKeys.all, "categories"] as const,
  category: (categoryId: number) => [...catalogueKeys.all, "category", categoryId] as const,
  book: bookQueryKey,
};

function nextPage(last: BookList): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

export function usePopularBooks() {
  return useInfiniteQuery({
    queryKey: catalogueKeys.popular(),
    queryFn: ({ pageParam, signal }) => fetchPopularBooks(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
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

export function useCategoryBooks(categoryId: number | null) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.categoryBooks(categoryId ?? 0),
    queryFn: ({ pageParam, signal }) => fetchBooksByCategory(categoryId ?? 0, pageParam, signal),
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

export function useCategory(categoryId: number | null) {
  return useQuery({
    queryKey: catalogueKeys.category(categoryId ?? 0),
    queryFn: ({ signal }) => fetchCategory(categoryId ?? 0, signal),
    enabled: categoryId !== null,
  });
}

export function useBook(bookId: number | null) {
  return useQuery({
    queryKey: catalogueKeys.book(bookId ?? 0),
    queryFn: async ({ signal }) => {
      const book = await fetchBook(bookId ?? 0, signal);
      // Spec §3 per-book cache: lets cart and loan lists draw a book without asking again.
      cacheBook({
        bookId: book.bookId,
        title: book.title,
        author: book.author,
        price: book.price,
        coverUrl: book.coverUrl,
      });
      return book;
    },
    enabled: bookId !== null,
  });
}
