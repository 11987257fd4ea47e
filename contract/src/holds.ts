// Holds (design.md §7.2): a reader queues for a book with no copy free. The oldest waiting hold
// gets the next copy freed and keeps it for 48 hours ("ready"); unborrowed by then it expires and
// the copy passes on. Every call needs a login.
import { z } from "zod";
import { bookDetailSchema, bookSchema } from "./catalogue";
import { idSchema, pageSchema, pageSizeSchema, wireIdSchema } from "./common";

/** How long a ready hold keeps its copy for the reader. */
export const HOLD_READY_HOURS = 48;
/** Open holds (waiting or ready) a reader may have at once. */
export const HOLD_LIMIT = 5;
/** A ready hold's reader is reminded this many hours before it lapses. */
export const HOLD_LAPSING_HOURS = 12;
/** Closed holds GET /api/holds/list answers after the open ones. */
export const CLOSED_HOLDS_LISTED = 20;

export const holdStatusSchema = z.enum(["waiting", "ready", "borrowed", "cancelled", "expired"]);
export type HoldStatus = z.infer<typeof holdStatusSchema>;
export const openHoldStatuses: readonly HoldStatus[] = ["waiting", "ready"];

/** A range of whole days: the wait is likely to end between low and high days from now. */
export const waitDaysSchema = z.object({
  low: z.number().int(),
  high: z.number().int(),
});
export type WaitDays = z.infer<typeof waitDaysSchema>;

export const holdSchema = z.object({
  holdId: wireIdSchema,
  bookId: wireIdSchema,
  book: bookSchema,
  status: holdStatusSchema,
  /** 1-based place among the book's waiting holds; null unless waiting */
  position: z.number().int().nullable(),
  placedAt: z.string(),
  /** ISO time a ready hold lapses; null unless ready */
  readyUntil: z.string().nullable(),
  /** the estimated wait; null unless waiting */
  estimatedWaitDays: waitDaysSchema.nullable(),
  /** borrow the book at once when the hold becomes ready, if the balance and loan limit allow */
  autoBorrow: z.boolean(),
});
export type Hold = z.infer<typeof holdSchema>;

export const placeHoldRequestSchema = z.object({
  bookId: idSchema,
  autoBorrow: z.boolean({ error: "autoBorrow must be true or false" }).optional(),
});
export type PlaceHoldRequest = z.input<typeof placeHoldRequestSchema>;

export const holdAnswerSchema = z.object({ state: z.literal("success"), hold: holdSchema });
export type HoldAnswer = z.infer<typeof holdAnswerSchema>;

export const holdListSchema = z.object({
  state: z.literal("success"),
  /** open holds first (ready, then waiting by place), then the last 20 closed ones */
  holds: z.array(holdSchema),
});
export type HoldList = z.infer<typeof holdListSchema>;

export const holdActionRequestSchema = z.object({ holdId: idSchema });
export type HoldActionRequest = z.input<typeof holdActionRequestSchema>;

export const cancelHoldAnswerSchema = z.object({ state: z.literal("success") });

/** POST /api/holds/update: a waiting hold's choice to be borrowed for the reader when ready. */
export const updateHoldRequestSchema = z.object({
  holdId: idSchema,
  autoBorrow: z.boolean({ error: "autoBorrow must be true or false" }),
});
export type UpdateHoldRequest = z.input<typeof updateHoldRequestSchema>;

/**
 * What GET /api/books/get adds for holds: the queue's length, the wait a hold placed now would
 * have (null while a copy is free), and with a token the caller's open hold (or null).
 */
export const bookHoldsSchema = z.object({
  holdsWaiting: z.number().int(),
  estimatedWaitDays: waitDaysSchema.nullable(),
  myHold: holdSchema.nullable().optional(),
});
export type BookHolds = z.infer<typeof bookHoldsSchema>;

/** GET /api/books/get's answer: the book, with its queue. */
export const bookDetailWithHoldsSchema = bookDetailSchema.extend(bookHoldsSchema.shape);
export type BookDetailWithHolds = z.infer<typeof bookDetailWithHoldsSchema>;

/** The refusals of POST /api/holds/place, by code. */
export const holdErrorCodes = {
  bookNotFound: "BOOK_NOT_FOUND",
  copyAvailable: "COPY_AVAILABLE",
  alreadyBorrowed: "ALREADY_BORROWED",
  holdExists: "HOLD_EXISTS",
  holdLimit: "HOLD_LIMIT",
  /** the book's lending licence is spent: no copy will be lent again */
  lendsSpent: "EXCEED_LIMIT",
  holdNotFound: "HOLD_NOT_FOUND",
  holdClosed: "HOLD_CLOSED",
  /** POST /api/holds/update: only a waiting hold's choice can change */
  holdNotWaiting: "HOLD_NOT_WAITING",
} as const;

// ---------------------------------------------------------------------------------------------
// Staff (design.md §7.1): the queues, and one book's holds.

export const adminHoldQueuesQuerySchema = z.object({
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
});
export const adminBookHoldsQuerySchema = z.object({ bookId: idSchema });

export const adminHoldQueueSchema = z.object({
  bookId: wireIdSchema,
  title: z.string(),
  author: z.string(),
  copies: z.number().int(),
  availableCopies: z.number().int(),
  waiting: z.number().int(),
  ready: z.number().int(),
  /**
   * waiting holds per copy, to 2 decimals (a book with no copies counts as one): the longest
   * queues against their copies come first
   */
  waitingPerCopy: z.number(),
});
export type AdminHoldQueue = z.infer<typeof adminHoldQueueSchema>;

export const adminHoldQueuesSchema = z.object({
  state: z.literal("success"),
  queues: z.array(adminHoldQueueSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminHoldQueues = z.infer<typeof adminHoldQueuesSchema>;

export const adminBookHoldSchema = z.object({
  holdId: wireIdSchema,
  userId: z.uuid(),
  readerName: z.string(),
  readerEmail: z.string(),
  status: holdStatusSchema,
  position: z.number().int().nullable(),
  placedAt: z.string(),
  readyUntil: z.string().nullable(),
  /** when it was borrowed, cancelled or expired; null while open */
  closedAt: z.string().nullable(),
  autoBorrow: z.boolean(),
});
export type AdminBookHold = z.infer<typeof adminBookHoldSchema>;

export const adminBookHoldsSchema = z.object({
  state: z.literal("success"),
  /** the book and its queue's figures (waiting and ready 0 when it has no open hold) */
  book: adminHoldQueueSchema,
  /** open holds first (ready, then waiting by place), then the last 50 closed ones */
  holds: z.array(adminBookHoldSchema),
});
export type AdminBookHolds = z.infer<typeof adminBookHoldsSchema>;
