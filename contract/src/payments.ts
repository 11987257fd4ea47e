import { z } from "zod";
import { wireIdSchema } from "./common";
import { MAX_TOP_UP_POUNDS } from "./constants";

// Whole pence, exactly: a tolerance would let 1e-300 through as "0.00", a top-up of 0p.
const hasAtMostTwoDecimals = (value: number) => Math.round(value * 100) / 100 === value;

/** Pounds as a JSON number (or numeric text): more than 0, at most 10000, at most 2 decimals. */
export const topUpAmountSchema = z.preprocess(
  (input) => (typeof input === "string" && input.trim() !== "" ? Number(input) : input),
  z
    .number({
      error: (issue) => (issue.input === undefined ? "is required" : "must be a number of pounds"),
    })
    .refine(Number.isFinite, { error: "must be a number of pounds" })
    .refine((v) => v > 0, { error: "The amount must be greater than £0" })
    .refine((v) => v <= MAX_TOP_UP_POUNDS, {
      error: `The amount must be at most £${MAX_TOP_UP_POUNDS}`,
    })
    .refine(hasAtMostTwoDecimals, { error: "The amount can have at most 2 decimal places" }),
);

export const topUpRequestSchema = z.object({ amount: topUpAmountSchema });
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

export const topUpResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  paymentId: wireIdSchema,
  amount: z.number(),
  balance: z.number(),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;

export const paymentRecordSchema = z.object({
  paymentId: wireIdSchema,
  amount: z.number(),
  /** ISO time of the payment */
  date: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const paymentHistorySchema = z.object({
  state: z.literal("success"),
  data: z.array(paymentRecordSchema),
});
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;
