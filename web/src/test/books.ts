import type { WireId } from "@folio/contract/common";
import type { Book, BookList, SearchResult } from "@folio/contract/catalogue";

const TITLES = [
  ["Moby-Dick", "Herman Melville", "Adventure"],
  ["Pride and Prejudice", "Jane Austen", "Romance"],
  ["Frankenstein", "Mary Shelley", "Gothic"],
  ["The Time Machine", "H. G. Wells", "Science Fiction"],
  ["Middlemarch", "George Eliot", "Literary Fiction"],
] as const;

/**
 * A book as GET /api/books/popular returns it. `n` numbers the made-up book; its ids are n's
 * digits, as the server sends ids (strings).
 */
export function makeBook(n: number | WireId, overrides: Partial<Book> = {}): Book {
  const seq = Number(n);
  const id = String(seq);
  const [title, author, category] = TITLES[(seq - 1) % TITLES.length] ?? TITLES[0];
  return {
    bookId: id,
    id,
    title: `${title} (${id})`,
    author,
    category,
    categoryId: String(((seq - 1) % TITLES.length) + 1),
    price: 4.99,
    rating: 4.2,
    ratingCount: 5,
    description: `${title} by ${author}.`,
    coverUrl: `/api/books/${id}/cover.svg`,
    availableCopies: 3,
    totalCopies: 5,
    year: 1851,
    language: "en",
    lendsLeft: 7,
    sample: false,
    ...overrides,
  };
}

/** One page of a paged book list; `hasMore` follows the server rule (a full page came back). */
export function makeBookPage(page: number, count: number, pageSize = 10): BookList {
  const first = (page - 1) * pageSize + 1;
  const books = Array.from({ length: count }, (_, index) => makeBook(first + index));
  return {
    state: "success",
    bookId: books.map((book) => book.bookId),
    books,
    page,
    pageSize,
    hasMore: count === pageSize,
  };
}

export function makeSearchPage(page: number, count: number): SearchResult {
  return {
    ...makeBookPage(page, count),
    message: count === 0 ? "No books found" : "Search succeeded",
    didYouMean: null,
    didYouMeanField: null,
    fallback: null,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The URL a mocked fetch was called with, resolved against a dummy origin. */
export function requestUrl(input: RequestInfo | URL | undefined): URL {
  const href =
    input instanceof Request ? input.url : input instanceof URL ? input.href : (input ?? "");
  return new URL(href, "http://folio.test");
}
