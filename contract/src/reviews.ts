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
});
export type Review = z.infer<typeof reviewSchema>;

export const addReviewRequestSchema = z
  .object({
    bookId: idSchema,
    rating: z
      .number({ error: "must be a whole number from 1 to 5" })
      .int({ error: "must be a whole number from 1 to 5" })
      .min(1, { error: "must be a whole number from 1 to 5" })
      .max(5, { error: "must be a whole number from 1 to 5" }),
    comment: z.string({ error: "must be text" }).optional(),
    /** accepted as another name for comment */
    content: z.string({ error: "must be text" }).optional(),
  })
  .transform(({ comment, content, ...rest }) => ({
    ...rest,
    text: (comment ?? content ?? "").trim(),
  }))
  .refine((r) => r.text.length >= 1, {
    error: "Please write a few words for your review.",
    path: ["comment"],
  })
  .refine((r) => r.text.length <= REVIEW_MAX_LENGTH, {
    error: `A review can be at most ${REVIEW_MAX_LENGTH} characters long.`,
    path: ["comment"],
  });
export type AddReviewRequest = z.infer<typeof addReviewRequestSchema>;

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
