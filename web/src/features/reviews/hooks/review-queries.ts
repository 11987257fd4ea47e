import type { WireId } from "@folio/contract/common";
import { useQuery } from "@tanstack/react-query";
import type { FailureMeta } from "../../../lib/query-meta";
import { fetchBookReviews, fetchMyReviews } from "../api/reviews-api";

export const reviewKeys = {
  all: ["reviews"] as const,
  book: (bookId: WireId) => [...reviewKeys.all, "book", bookId] as const,
  mine: () => [...reviewKeys.all, "mine"] as const,
};

export function useBookReviews(bookId: WireId) {
  return useQuery({
    queryKey: reviewKeys.book(bookId),
    queryFn: ({ signal }) => fetchBookReviews(bookId, signal),
  });
}

/**
 * The reader's own reviews: the profile lists them (and says when they cannot load), and the
 * book page learns from them which review is the reader's and whether to offer the form.
 */
export function useMyReviews({
  enabled = true,
  meta,
}: { enabled?: boolean; meta?: FailureMeta } = {}) {
  return useQuery({
    queryKey: reviewKeys.mine(),
    queryFn: ({ signal }) => fetchMyReviews(signal),
    enabled,
    meta,
  });
}
