import { z } from "zod";
import { pageSchema, pageSizeSchema, poundsSchema, wireIdSchema } from "./common";
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

/** What a top-up may be for the caller now, so a form offers only what the server will take. */
export const topUpLimitsSchema = z.object({
  state: z.literal("success"),
  /** pounds: the most one top-up may be (spec §5: 10000) */
  maxAmount: poundsSchema,
  /** pounds: the most a reader may top up in a day (TOP_UP_DAILY_LIMIT), from local midnight */
  dailyLimit: poundsSchema,
  /** pounds: what the caller may still top up today; 0 once the daily limit is reached */
  leftToday: poundsSchema,
});
export type TopUpLimits = z.infer<typeof topUpLimitsSchema>;

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

/**
 * What moved the balance. Today's ledger holds the first three; staff adjustments and refunds
 * are coming, so a client must show a kind it does not know rather than fail on it.
 */
export const ledgerKinds = ["topup", "borrow", "renewal", "adjustment", "refund"] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

export const statementRequestSchema = z.object({
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
});
export type StatementRequest = z.infer<typeof statementRequestSchema>;

/** One row of the ledger as the reader's statement shows it. */
export const statementEntrySchema = z.object({
  /** the ledger row; for a top-up it is the Order No (the paymentId of payments/history) */
  id: wireIdSchema,
  kind: ledgerKindSchema,
  /** pounds: positive for money in, negative for a charge */
  amount: poundsSchema,
  /** ISO time of the entry */
  date: z.string(),
  /** the book a borrow or renewal charge paid for; null for a top-up */
  bookId: wireIdSchema.nullable(),
  bookTitle: z.string().nullable(),
  /** pounds: the balance right after this entry */
  balanceAfter: poundsSchema,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  state: z.literal("success"),
  /** newest first */
  entries: z.array(statementEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** every entry of the reader's ledger, on all pages */
  total: z.number().int(),
  /** pounds: the balance now, the sum of every entry */
  balance: poundsSchema,
});
export type Statement = z.infer<typeof statementSchema>;
