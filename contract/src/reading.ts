import { z } from "zod";
import { idSchema, wireIdSchema } from "./common";

export const READ_NOT_BORROWED = "You need to borrow this book first before reading it";
export const CONTENT_URL_MINUTES = 10;

export const contentRequestSchema = z.object({ bookId: idSchema });
export const contentResponseSchema = z.object({
  state: z.literal("success"),
  /** a link to the book's EPUB, signed for this reader and book, valid 10 minutes */
  contentURL: z.string(),
  expiresAt: z.string(),
});
export type ContentResponse = z.infer<typeof contentResponseSchema>;

export const contentFileParamsSchema = z.object({
  file: z.string().regex(/^[1-9]\d{0,9}\.epub$/, { error: "must be <bookId>.epub" }),
});
export const contentFileQuerySchema = z.object({
  u: z.string().max(64).optional(),
  n: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(128).optional(),
});

export const progressRequestSchema = z.object({
  bookId: idSchema,
  locator: z
    .string({ error: "must be text" })
    .min(1, { error: "is required" })
    .max(4000, { error: "must be at most 4000 characters" }),
  percentage: z
    .number({ error: "must be a number from 0 to 100" })
    .min(0, { error: "must be a number from 0 to 100" })
    .max(100, { error: "must be a number from 0 to 100" }),
});
export type ProgressRequest = z.infer<typeof progressRequestSchema>;

export const progressQuerySchema = z.object({ bookId: idSchema });
export const progressSchema = z.object({
  state: z.literal("success"),
  bookId: wireIdSchema,
  /** null when the reader has not opened the book yet */
  locator: z.string().nullable(),
  percentage: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/** Every book the caller has opened, for lists that show how far they have read. */
export const progressListSchema = z.object({
  state: z.literal("success"),
  progress: z.array(
    z.object({ bookId: wireIdSchema, percentage: z.number(), updatedAt: z.string() }),
  ),
});
export type ProgressList = z.infer<typeof progressListSchema>;
