import type { WireId } from "@folio/contract/common";
import { queryOptions } from "@tanstack/react-query";
import { fetchProgress, fetchProgressList, requestContentUrl } from "./api/reading-api";

export const readingKeys = {
  all: ["reading"] as const,
  contentLink: (bookId: WireId) => [...readingKeys.all, "content-link", bookId] as const,
  progress: (bookId: WireId) => [...readingKeys.all, "progress", bookId] as const,
  progressList: () => [...readingKeys.all, "progress-list"] as const,
};

// Both are asked for as a book opens, never kept and never tried twice: a link lives ten
// minutes, and the reader would rather start than wait for a retry of its saved place.
const ASK_EACH_TIME = { staleTime: 0, gcTime: 0, retry: false } as const;

/** A fresh signed link to the book's EPUB (design §4, Reading). */
export function contentLinkQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.contentLink(bookId),
    queryFn: ({ signal }) => requestContentUrl(bookId, signal),
    ...ASK_EACH_TIME,
  });
}

/** Where the reader last was in the book, as the server keeps it. */
export function progressQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.progress(bookId),
    queryFn: ({ signal }) => fetchProgress(bookId, signal),
    ...ASK_EACH_TIME,
  });
}

/** How far the reader got in each book they opened, for lists of their loans. */
export function progressListQuery() {
  return queryOptions({
    queryKey: readingKeys.progressList(),
    queryFn: ({ signal }) => fetchProgressList(signal),
    // Reading moves it on; a list shown again after the reader should show where they stopped.
    staleTime: 0,
  });
}
