import type { BookCaches } from "./offline-books";

/** BookCaches in memory, for tests: the browser's Cache Storage is not in jsdom. */
export function memoryBookCaches(): BookCaches & { files: Map<string, Map<string, Response>> } {
  const files = new Map<string, Map<string, Response>>();
  return {
    files,
    put: async (bookId, offlinePath, response) => {
      // As Cache Storage does, keep the body read now, not a stream for later.
      const kept = new Response(await response.arrayBuffer(), {
        status: response.status,
        headers: response.headers,
      });
      const book = files.get(bookId) ?? new Map<string, Response>();
      book.set(offlinePath, kept);
      files.set(bookId, book);
    },
    match: async (bookId, offlinePath) => files.get(bookId)?.get(offlinePath)?.clone(),
    remove: async (bookId) => {
      files.delete(bookId);
    },
    bookIds: async () => [...files.keys()],
  };
}
