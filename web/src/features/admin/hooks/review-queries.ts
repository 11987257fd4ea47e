import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import {
  deleteReview,
  fetchReviews,
  hideReview,
  unhideReview,
  type AdminReviewsQuery,
} from "../api/reviews-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useAdminReviews(query: AdminReviewsQuery) {
  return useQuery({
    queryKey: adminKeys.reviewList(query),
    queryFn: ({ signal }) => fetchReviews(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** A review's change moves its book's rating, in the console and in the shop. */
function useReviewChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.reviews() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.readers() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.books() });
    void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
  };
}

export function useHideReview() {
  const changed = useReviewChanged();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      hideReview(reviewId, reason),
    onSuccess: changed,
  });
}

export function useUnhideReview() {
  const changed = useReviewChanged();
  return useMutation({ mutationFn: unhideReview, onSuccess: changed });
}

export function useDeleteReview() {
  const changed = useReviewChanged();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      deleteReview(reviewId, reason),
    onSuccess: changed,
  });
}
