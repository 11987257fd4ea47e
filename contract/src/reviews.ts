import { z } from "zod";
import { idSchema, wireIdSchema } from "./common";
import { REVIEW_MAX_LENGTH } from "./constants";

export const reviewSchema = z.object({
  commentId: wireIdSchema,
  id: wireIdSchema,
  /** the author's UUID */
  uuid: z.string(),
  username: z.string(),
  bookId: wireIdSchema,
  bookTitle: z.string(),
  rating: z.number().int(),
  /** plain text: show it as text, never as HTML */
  content: z.string(),
  createDate: z.string(),
  /** when its author last edited it; null until they do */
  updatedAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

const ratingSchema = z
  .number({ error: "must be a whole number from 1 to 5" })
  .int({ error: "must be a whole number from 1 to 5" })
  .min(1, { error: "must be a whole number from 1 to 5" })
  .max(5, { error: "must be a whole number from 1 to 5" });

const reviewTextFields = {
  comment: z.string({ error: "must be text" }).optional(),
  /** accepted as another name for comment */
  content: z.string({ error: "must be text" }).optional(),
};

/** A review's text as add and update keep it: comment (or content), trimmed. */
function toReviewText<T extends { comment?: string; content?: string }>({
  comment,
  content,
  ...rest
}: T) {
  return { ...rest, text: (comment ?? content ?? "").trim() };
}

const hasText = (review: { text: string }) => review.text.length >= 1;
const notTooLong = (review: { text: string }) => review.text.length <= REVIEW_MAX_LENGTH;
const noText = { error: "Please write a few words for your review.", path: ["comment"] };
const tooLong = {
  error: `A review can be at most ${REVIEW_MAX_LENGTH} characters long.`,
  path: ["comment"],
};

export const addReviewRequestSchema = z
  .object({ bookId: idSchema, rating: ratingSchema, ...reviewTextFields })
  .transform(toReviewText)
  .refine(hasText, noText)
  .refine(notTooLong, tooLong);
export type AddReviewRequest = z.infer<typeof addReviewRequestSchema>;

/** The author changes their review's rating and text (`POST /api/reviews/update`). */
export const updateReviewRequestSchema = z
  .object({ commentId: idSchema, rating: ratingSchema, ...reviewTextFields })
  .transform(toReviewText)
  .refine(hasText, noText)
  .refine(notTooLong, tooLong);
export type UpdateReviewRequest = z.infer<typeof updateReviewRequestSchema>;

export const addReviewResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  commentId: wireIdSchema,
  review: reviewSchema,
  /** the book's rating after this review, to one decimal */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});

export const reviewListSchema = z.object({
  state: z.literal("success"),
  commentIds: z.array(wireIdSchema),
  /** the reviews in full, same order, so a page needs one request */
  reviews: z.array(reviewSchema),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export type AddReviewResponse = z.infer<typeof addReviewResponseSchema>;

/** The review as edited, and its book's rating after the change. */
export const updateReviewResponseSchema = addReviewResponseSchema;
export type UpdateReviewResponse = z.infer<typeof updateReviewResponseSchema>;

export const bookReviewsQuerySchema = z.object({ bookId: idSchema });
export const reviewContentQuerySchema = z.object({ commentId: idSchema });
export const reviewContentSchema = reviewSchema.extend({ state: z.literal("success") });
export const deleteReviewRequestSchema = z.object({ commentId: idSchema });
export const deleteReviewResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type DeleteReviewResponse = z.infer<typeof deleteReviewResponseSchema>;
