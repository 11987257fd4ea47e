import type { WireId } from "@folio/contract/common";
import { queryOptions } from "@tanstack/react-query";
import {
  fetchAnnotations,
  fetchProgress,
  fetchProgressList,
  fetchReaderPreferences,
  requestContentUrl,
  requestPublicationLink,
} from "./api/reading-api";

export const readingKeys = {
  all: ["reading"] as const,
  contentLink: (bookId: WireId) => [...readingKeys.all, "content-link", bookId] as const,
  progress: (bookId: WireId) => [...readingKeys.all, "progress", bookId] as const,
  progressList: () => [...readingKeys.all, "progress-list"] as const,
  publication: (bookId: WireId) => [...readingKeys.all, "publication", bookId] as const,
  annotations: (bookId: WireId) => [...readingKeys.all, "annotations", bookId] as const,
  preferences: () => [...readingKeys.all, "preferences"] as const,
};

// Asked for as a book opens, never kept and never tried twice: the link lives ten minutes.
const ASK_EACH_TIME = { staleTime: 0, gcTime: 0, retry: false } as const;

/** A fresh signed link to the book's EPUB (design §4, Reading). */
export function contentLinkQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.contentLink(bookId),
    queryFn: ({ signal }) => requestContentUrl(bookId, signal),
    ...ASK_EACH_TIME,
  });
}

/**
 * Where the reader last was in the book, as the server keeps it. Kept a few seconds so the one
 * asked for with the Read button serves the reader; this browser's own newer place wins anyway.
 */
export function progressQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.progress(bookId),
    queryFn: ({ signal }) => fetchProgress(bookId, signal),
    staleTime: 5_000,
    gcTime: 5_000,
    retry: false,
    // Offline, fail at once (the reader opens a downloaded copy) rather than wait for a network.
    networkMode: "always",
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

/**
 * The book as a Readium publication. The link lives for hours and is checked against the loan
 * on every request, so one asked for as the Read button is pressed serves the reader that
 * opens a moment later; a failure is never kept.
 */
export function publicationLinkQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.publication(bookId),
    queryFn: ({ signal }) => requestPublicationLink(bookId, signal),
    staleTime: 30_000,
    gcTime: 30_000,
    retry: false,
    // Offline, fail at once so the reader turns to a downloaded copy instead of waiting.
    networkMode: "always",
  });
}

/** The reader's bookmarks and highlights in one book, in reading order. */
export function annotationsQuery(bookId: WireId) {
  return queryOptions({
    queryKey: readingKeys.annotations(bookId),
    queryFn: async ({ signal }) => (await fetchAnnotations(bookId, signal)).annotations,
    // Changes come from this page's own mutations, which keep the cache up to date.
    staleTime: 5 * 60_000,
  });
}

/** The reader's settings, the same on every device; null until they first change one. */
export function readerPreferencesQuery() {
  return queryOptions({
    queryKey: readingKeys.preferences(),
    queryFn: async ({ signal }) => (await fetchReaderPreferences(signal)).preferences,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
