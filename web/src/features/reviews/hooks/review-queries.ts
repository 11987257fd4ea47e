import type { WireId } from "@folio/contract/common";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useToast } from "../../../ui/toast";
import { fetchBookReviews, fetchMyReviews } from "../api/reviews-api";
import { reviewMessages } from "../messages";

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
 * The reader's own reviews: the profile lists them, and the book page learns from them which
 * review is the reader's and whether to offer the form.
 */
export function useMyReviews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reviewKeys.mine(),
    queryFn: ({ signal }) => fetchMyReviews(signal),
    enabled,
  });
}

/** Spec §8: a failed load of the reviews shows a 'please try again later' toast. */
export function useLoadFailureToast(query: Pick<UseQueryResult, "isError" | "errorUpdatedAt">) {
  const { showToast } = useToast();
  const toasted = useRef(0);
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    // One toast per failed load (effects may run twice in development).
    if (!isError || toasted.current === errorUpdatedAt) return;
    toasted.current = errorUpdatedAt;
    showToast(reviewMessages.loadFailed, { tone: "error" });
  }, [isError, errorUpdatedAt, showToast]);
}
