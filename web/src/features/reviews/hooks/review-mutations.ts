import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BookDetail } from "@folio/contract/catalogue";
import type { Review, ReviewList } from "@folio/contract/reviews";
import { ApiError } from "../../../lib/api-client";
import { bookQueryKey } from "../../../lib/catalogue-query-keys";
import {
  addReview,
  deleteReview,
  updateReview,
  type NewReview,
  type ReviewEdit,
} from "../api/reviews-api";
import { reviewKeys } from "./review-queries";

type ReviewChange = (reviews: Review[]) => Review[];

/** Applies a change to the book's list and the reader's list at once, so no screen waits. */
function changeCachedReviews(queryClient: QueryClient, bookId: WireId, change: ReviewChange) {
  const apply = (list: ReviewList | undefined) => {
    if (!list) return list;
    const reviews = change(list.reviews);
    return { ...list, reviews, commentIds: reviews.map((review) => review.commentId) };
  };
  queryClient.setQueryData<ReviewList>(reviewKeys.book(bookId), apply);
  queryClient.setQueryData<ReviewList>(reviewKeys.mine(), apply);
}

/**
 * The book's new mean comes with the answer: show it at once, then ask again for the rest
 * of the book, which other readers may have changed meanwhile.
 */
function refreshBook(
  queryClient: QueryClient,
  bookId: WireId,
  rating: { rating: number | null; ratingCount: number },
) {
  queryClient.setQueryData<BookDetail>(bookQueryKey(bookId), (book) =>
    book ? { ...book, rating: rating.rating, ratingCount: rating.ratingCount } : book,
  );
  void queryClient.invalidateQueries({ queryKey: bookQueryKey(bookId) });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) => addReview(review),
    onSuccess: (result, { bookId }) => {
      changeCachedReviews(queryClient, bookId, (reviews) => [
        result.review,
        ...reviews.filter((review) => review.commentId !== result.commentId),
      ]);
      refreshBook(queryClient, bookId, result);
    },
    onError: (error) => {
      // Reviewed already (in another tab, say): fetch the review so the page shows it.
      if (error instanceof ApiError && error.code === "ALREADY_REVIEWED") {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      }
    },
  });
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, rating, comment }: ReviewEdit & Pick<Review, "bookId">) =>
      updateReview({ commentId, rating, comment }),
    onSuccess: (result, { bookId }) => {
      changeCachedReviews(queryClient, bookId, (reviews) =>
        reviews.map((review) => (review.commentId === result.commentId ? result.review : review)),
      );
      refreshBook(queryClient, bookId, result);
    },
    onError: (error) => {
      // Gone, hidden or not the reader's after all: the lists on screen are out of date.
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      }
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: Pick<Review, "commentId" | "bookId">) => deleteReview(commentId),
    onSuccess: (result, { commentId, bookId }) => {
      changeCachedReviews(queryClient, bookId, (reviews) =>
        reviews.filter((review) => review.commentId !== commentId),
      );
      refreshBook(queryClient, bookId, result);
    },
    onError: (error) => {
      // Gone already, or not the reader's after all: the lists on screen are out of date.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      }
    },
  });
}
