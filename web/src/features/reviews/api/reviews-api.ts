import type { WireId } from "@folio/contract/common";
import type {
  AddReviewResponse,
  DeleteReviewResponse,
  ReviewList,
  UpdateReviewResponse,
} from "@folio/contract/reviews";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";

export type { AddReviewResponse, DeleteReviewResponse, UpdateReviewResponse };

export interface NewReview {
  bookId: WireId;
  /** 1 to 5. */
  rating: number;
  comment: string;
}

/** A list answer without its reviews is a failure, not a book nobody has reviewed. */
function checkedList(list: ReviewList | undefined): ReviewList {
  if (!Array.isArray(list?.reviews)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the reviews");
  }
  return list;
}

/** A book's reviews, newest first. */
export async function fetchBookReviews(bookId: WireId, signal?: AbortSignal): Promise<ReviewList> {
  return checkedList(await apiGet<ReviewList>("/api/reviews/book", { bookId }, { signal }));
}

/** The signed-in reader's own reviews, newest first, each with its book's title. */
export async function fetchMyReviews(signal?: AbortSignal): Promise<ReviewList> {
  return checkedList(await apiGet<ReviewList>("/api/reviews/user", undefined, { signal }));
}

export function addReview(review: NewReview): Promise<AddReviewResponse> {
  return apiPost<AddReviewResponse>("/api/reviews/add", review);
}

export interface ReviewEdit {
  commentId: WireId;
  /** 1 to 5. */
  rating: number;
  comment: string;
}

export function updateReview(edit: ReviewEdit): Promise<UpdateReviewResponse> {
  return apiPost<UpdateReviewResponse>("/api/reviews/update", edit);
}

export function deleteReview(commentId: WireId): Promise<DeleteReviewResponse> {
  return apiPost<DeleteReviewResponse>("/api/reviews/delete", { commentId });
}
