import type { WireId } from "@folio/contract/common";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { BookList } from "@folio/contract/catalogue";
import { bookQueryKey, CATALOGUE_QUERY_ROOT } from "../../lib/catalogue-query-keys";
import { fetchBook, fetchPopularBooks } from "./api/catalogue-api";
import { cacheBook } from "./book-cache";

/**
 * The queries of the pages people arrive on, shared by each page and by its route, which starts
 * the query while the page's code is still on its way (app/router.tsx).
 */

export function nextPage(last: BookList): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/** Home's popular books, page by page. */
export function popularBooksQuery() {
  return infiniteQueryOptions({
    queryKey: [...CATALOGUE_QUERY_ROOT, "popular"] as const,
    queryFn: ({ pageParam, signal }) => fetchPopularBooks(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** One book, for its page. */
export function bookQuery(bookId: WireId) {
  return queryOptions({
    queryKey: bookQueryKey(bookId),
    queryFn: async ({ signal }) => {
      const book = await fetchBook(bookId, signal);
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
  });
}
