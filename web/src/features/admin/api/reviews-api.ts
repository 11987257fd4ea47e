import type {
  AdminReviews,
  ReviewModeration,
  adminReviewsQuerySchema,
} from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export type AdminReviewsQuery = Partial<z.output<typeof adminReviewsQuerySchema>>;

export function fetchReviews(
  query: AdminReviewsQuery,
  signal?: AbortSignal,
): Promise<AdminReviews> {
  return apiGet<AdminReviews>(adminPaths.reviews, { ...query }, { signal });
}

export function hideReview(reviewId: string, reason: string): Promise<ReviewModeration> {
  return apiPost<ReviewModeration>(adminPaths.hideReview, { reviewId, reason });
}

export function unhideReview(reviewId: string): Promise<ReviewModeration> {
  return apiPost<ReviewModeration>(adminPaths.unhideReview, { reviewId });
}

export function deleteReview(reviewId: string, reason: string): Promise<ReviewModeration> {
  return apiPost<ReviewModeration>(adminPaths.deleteReview, { reviewId, reason });
}
