import type { WireId } from "@folio/contract/common";
import type { Review, ReviewList } from "@folio/contract/reviews";
import { makeUserInfo } from "./accounts";
import { makeBook } from "./books";

/** The reader makeUserInfo() describes, as a review's author. */
export const MY_UUID = makeUserInfo().UUID;

/** A review as GET /api/reviews/book, /api/reviews/user and /api/reviews/content return it. */
export function makeReview(n: number | WireId, overrides: Partial<Review> = {}): Review {
  const commentId = String(n);
  const bookId = overrides.bookId ?? "1";
  return {
    commentId,
    id: commentId,
    uuid: "9d3e1c57-0b8a-4f2e-8f61-3c2a7d5e9b40",
    username: "Mary Shelley",
    bookId,
    bookTitle: makeBook(bookId).title,
    rating: 5,
    content: "A book I will read again.",
    createDate: "2030-01-10T09:30:00.000Z",
    updatedAt: null,
    ...overrides,
  };
}

/** A list answer, newest first as the server sends it. */
export function makeReviewList(reviews: Review[]): ReviewList {
  return {
    state: "success",
    commentIds: reviews.map((review) => review.commentId),
    reviews,
  };
}

/** POST /api/reviews/add's answer: the review as stored and the book's new mean. */
export function makeAddedReview(review: Review, rating: number, ratingCount: number) {
  return {
    state: "success" as const,
    message: "Thank you for your review",
    commentId: review.commentId,
    review,
    rating,
    ratingCount,
  };
}

/** POST /api/reviews/delete's answer. */
export function makeDeletedReview(rating: number | null, ratingCount: number) {
  return { state: "success" as const, message: "Review deleted", rating, ratingCount };
}

/** An error body as the server's catalogue words it. */
export function errorBody(code: string, message: string, field?: string) {
  return { state: "error", code, message, ...(field ? { field } : {}) };
}
