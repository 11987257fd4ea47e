import type { OfflineDb } from "./offline-db";
import { isPastDue, type BookCaches, type OfflineBook } from "./offline-books";
import { parseOfflinePath } from "./offline-urls";

function notKept(): Response {
  return new Response(
    JSON.stringify({
      state: "error",
      code: "OFFLINE_COPY_NOT_FOUND",
      message: "This book is not kept on this device for offline reading.",
    }),
    { status: 404, headers: { "content-type": "application/json; charset=utf-8" } },
  );
}

/**
 * The service worker's answer to GET /offline/books/<bookId>/<path>: the kept file, or 404.
 * It checks the due date itself, so a copy past it is deleted on its first request whether or
 * not the page has looked at it (the loan's end is not the page's alone to enforce).
 */
export async function answerOfflineBook(
  pathname: string,
  { db, caches, now = () => new Date() }: { db: OfflineDb; caches: BookCaches; now?: () => Date },
): Promise<Response> {
  const wanted = parseOfflinePath(pathname);
  if (!wanted) return notKept();
  const book = await db.get<OfflineBook>("books", wanted.bookId);
  // No record: never downloaded, removed, or still downloading (the record comes last).
  if (!book) return notKept();
  if (isPastDue(book, now())) {
    await db.remove("books", book.bookId);
    await caches.remove(book.bookId);
    return notKept();
  }
  return (await caches.match(book.bookId, pathname)) ?? notKept();
}
