// The staff console's calls (design.md §7.1). Every one lives under /api/admin/: no token 401, a
// reader's token 403, and the calls marked admin-only 403 for a librarian too. Reads are GETs
// with a query string; every change is a POST whose body says what, and why where it touches a
// reader's money, account or words. Money is pounds with 2 decimals, as everywhere on the wire.
import { z } from "zod";
import { idSchema, pageSchema, pageSizeSchema, poundsSchema, wireIdSchema } from "./common";
import { staffLimits } from "./staff";

export const roleSchema = z.enum(["reader", "librarian", "admin"]);
export type Role = z.infer<typeof roleSchema>;

const paging = { page: pageSchema.optional(), pageSize: pageSizeSchema.optional() };
const pageAnswer = {
  page: z.number().int(),
  pageSize: z.number().int(),
  /** rows on every page together */
  total: z.number().int(),
};

const optionalText = (max: number, what: string) =>
  z
    .string({ error: "must be text" })
    .trim()
    .max(max, { error: `${what} can be at most ${max} characters long.` })
    .optional();

const requiredText = (max: number, what: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${what} is required.` : "must be text"),
    })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(max, { error: `${what} can be at most ${max} characters long.` });

/** Why staff did something to a reader's money, account or review: kept in the audit log. */
export const reasonSchema = requiredText(500, "A reason");

const hasAtMostTwoDecimals = (value: number) => Math.round(value * 100) / 100 === value;
const pounds = (check: { min: number; max: number; message: string }) =>
  z.preprocess(
    (input) => (typeof input === "string" && input.trim() !== "" ? Number(input) : input),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? "is required" : "must be a number of pounds",
      })
      .refine(Number.isFinite, { error: "must be a number of pounds" })
      .refine((v) => v >= check.min && v <= check.max, { error: check.message })
      .refine(hasAtMostTwoDecimals, { error: "The amount can have at most 2 decimal places" }),
  );

/** A book's price: more than £0, at most £1000. */
export const priceSchema = pounds({
  min: 0.01,
  max: 1000,
  message: "A price must be from £0.01 to £1000.",
});

const wholeCount = (max: number, message: string) =>
  z.preprocess(
    (input) => (typeof input === "string" && /^\d+$/.test(input.trim()) ? Number(input) : input),
    z
      .number({
        error: (issue) => (issue.input === undefined ? "is required" : "must be a number"),
      })
      .int({ error: "must be a whole number" })
      .min(0, { error: message })
      .max(max, { error: message }),
  );

export const copiesSchema = wholeCount(
  staffLimits.maxCopies,
  `Copies must be a whole number from 0 to ${staffLimits.maxCopies}.`,
);
export const lendsLeftSchema = wholeCount(
  staffLimits.maxLends,
  `Lends left must be a whole number from 0 to ${staffLimits.maxLends}.`,
);

// ---------------------------------------------------------------------------------------------
// Overview

export const overviewDaySchema = z.object({
  /** YYYY-MM-DD in the shop's time zone */
  date: z.string(),
  /** pounds topped up that day */
  topUps: poundsSchema,
  /** pounds charged for loans and renewals that day, less refunds */
  loanCharges: poundsSchema,
  /** loans made that day */
  loans: z.number().int(),
});

export const overviewSchema = z.object({
  state: z.literal("success"),
  activeLoans: z.number().int(),
  overdueLoans: z.number().int(),
  /** open loans due within 3 days and not yet overdue */
  dueSoonLoans: z.number().int(),
  /** waiting holds; null while the shop has no holds */
  holdsWaiting: z.number().int().nullable(),
  readers: z.number().int(),
  /** books not retired */
  books: z.number().int(),
  /** the last 30 days, oldest first, today last */
  days: z.array(overviewDaySchema),
  /** most loans in the last 30 days, most first, at most 10 */
  mostBorrowed: z.array(
    z.object({
      bookId: wireIdSchema,
      title: z.string(),
      author: z.string(),
      loans: z.number().int(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;

// ---------------------------------------------------------------------------------------------
// Catalogue

export const adminBookSchema = z.object({
  bookId: wireIdSchema,
  title: z.string(),
  author: z.string(),
  categoryId: wireIdSchema,
  categoryName: z.string(),
  description: z.string(),
  year: z.number().int().nullable(),
  language: z.string(),
  price: poundsSchema,
  copies: z.number().int(),
  availableCopies: z.number().int(),
  /** open loans of it now */
  onLoan: z.number().int(),
  /** loans its lending licence still allows */
  lendsLeft: z.number().int(),
  /** loans made of it in all */
  borrowTimes: z.number().int(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** ISO time it was retired; null while it is lent */
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  /** the cover's URL, or null when the shop draws one */
  coverUrl: z.string().nullable(),
  /** a sample edition (the first pages) the seed made: what an operator replaces with the EPUB */
  sample: z.boolean(),
});
export type AdminBook = z.infer<typeof adminBookSchema>;

export const adminBookSorts = [
  "title",
  "author",
  "createdAt",
  "price",
  "copies",
  "borrowTimes",
] as const;
export const adminBooksQuerySchema = z.object({
  /** words of the title or author */
  q: optionalText(200, "A search"),
  status: z.enum(["active", "retired", "all"]).default("all"),
  categoryId: idSchema.optional(),
  sort: z.enum(adminBookSorts).default("title"),
  order: z.enum(["asc", "desc"]).default("asc"),
  ...paging,
});
export type AdminBooksQuery = z.input<typeof adminBooksQuerySchema>;

export const adminBooksSchema = z.object({
  state: z.literal("success"),
  books: z.array(adminBookSchema),
  ...pageAnswer,
});
export type AdminBooks = z.infer<typeof adminBooksSchema>;

export const adminBookQuerySchema = z.object({ bookId: idSchema });
export const adminBookAnswerSchema = z.object({
  state: z.literal("success"),
  book: adminBookSchema,
});
export type AdminBookAnswer = z.infer<typeof adminBookAnswerSchema>;

/**
 * The answer to an EPUB upload: the file is checked and kept aside (uploadId) for a day; nothing
 * is in the catalogue until books/create or books/replaceFile names it.
 */
export const uploadAnswerSchema = z.object({
  state: z.literal("success"),
  uploadId: z.string(),
  /** bytes of the EPUB */
  size: z.number().int(),
  metadata: z.object({
    title: z.string(),
    author: z.string(),
    description: z.string(),
    language: z.string(),
    year: z.number().int().nullable(),
    subjects: z.array(z.string()),
    /** the category the book's subjects suggest, if any */
    categoryId: wireIdSchema.nullable(),
  }),
  /** the cover found in the file, as a data: URL, or null */
  cover: z.string().nullable(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

const uploadIdSchema = z
  .string({ error: "is required" })
  .regex(/^[a-z0-9-]{8,64}$/, { error: "is not an upload of this shop" });

const bookFields = {
  title: requiredText(300, "A title"),
  author: requiredText(300, "An author"),
  categoryId: idSchema,
  description: requiredText(5000, "A description"),
  price: priceSchema,
  copies: copiesSchema,
  lendsLeft: lendsLeftSchema,
};

export const createBookRequestSchema = z.object({
  uploadId: uploadIdSchema,
  ...bookFields,
  year: z.number().int().min(0).max(3000).nullable().optional(),
  language: optionalText(35, "A language"),
});
export type CreateBookRequest = z.input<typeof createBookRequestSchema>;

/** Only the fields sent change. */
export const updateBookRequestSchema = z
  .object({
    bookId: idSchema,
    title: bookFields.title.optional(),
    author: bookFields.author.optional(),
    categoryId: idSchema.optional(),
    description: bookFields.description.optional(),
    price: priceSchema.optional(),
    copies: copiesSchema.optional(),
    lendsLeft: lendsLeftSchema.optional(),
  })
  .refine((r) => Object.keys(r).some((key) => key !== "bookId"), {
    error: "Nothing to change: send at least one field.",
  });
export type UpdateBookRequest = z.input<typeof updateBookRequestSchema>;

export const replaceFileRequestSchema = z.object({ bookId: idSchema, uploadId: uploadIdSchema });
export const retireBookRequestSchema = z.object({
  bookId: idSchema,
  reason: optionalText(500, "A reason"),
});
export const restoreBookRequestSchema = z.object({ bookId: idSchema });

export const adminCategorySchema = z.object({
  categoryId: wireIdSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** books in it that are not retired */
  books: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoriesSchema = z.object({
  state: z.literal("success"),
  categories: z.array(adminCategorySchema),
});
export const adminCategoryAnswerSchema = z.object({
  state: z.literal("success"),
  category: adminCategorySchema,
});
export const createCategoryRequestSchema = z.object({
  name: requiredText(80, "A name"),
  description: requiredText(1000, "A description"),
});
export const updateCategoryRequestSchema = z
  .object({
    categoryId: idSchema,
    name: requiredText(80, "A name").optional(),
    description: requiredText(1000, "A description").optional(),
  })
  .refine((r) => r.name !== undefined || r.description !== undefined, {
    error: "Nothing to change: send a name or a description.",
  });

// ---------------------------------------------------------------------------------------------
// Readers

export const readerSummarySchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  balance: poundsSchema,
  createdAt: z.string(),
  /** ISO time staff blocked the account, or null */
  blockedAt: z.string().nullable(),
  openLoans: z.number().int(),
});
export type ReaderSummary = z.infer<typeof readerSummarySchema>;

export const readersQuerySchema = z.object({
  /** part of a name or an email address */
  q: optionalText(254, "A search"),
  ...paging,
});
export const readersSchema = z.object({
  state: z.literal("success"),
  readers: z.array(readerSummarySchema),
  ...pageAnswer,
});
export type Readers = z.infer<typeof readersSchema>;

export const adminLoanSchema = z.object({
  loanId: wireIdSchema,
  bookId: wireIdSchema,
  title: z.string(),
  author: z.string(),
  /** null once the reader's account is deleted */
  userId: z.uuid().nullable(),
  readerName: z.string().nullable(),
  readerEmail: z.string().nullable(),
  borrowedAt: z.string(),
  dueAt: z.string(),
  returnedAt: z.string().nullable(),
  status: z.enum(["open", "overdue", "returned"]),
  /** what the loan cost when made */
  price: poundsSchema,
  /** whole days past due (0 unless overdue) */
  daysOverdue: z.number().int(),
});
export type AdminLoan = z.infer<typeof adminLoanSchema>;

export const adminLedgerKindSchema = z.enum(["topup", "borrow", "renewal", "adjustment", "refund"]);
export const adminLedgerEntrySchema = z.object({
  ledgerId: wireIdSchema,
  kind: adminLedgerKindSchema,
  /** pounds: positive in, negative out */
  amount: poundsSchema,
  date: z.string(),
  balanceAfter: poundsSchema,
  loanId: wireIdSchema.nullable(),
  bookTitle: z.string().nullable(),
  reason: z.string().nullable(),
  /** who made an adjustment or refund */
  actorEmail: z.string().nullable(),
  /** for a refund, the charge it gives back */
  refundOf: wireIdSchema.nullable(),
  /** for a charge, how much of it can still be refunded */
  refundable: poundsSchema.nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminReviewSchema = z.object({
  reviewId: wireIdSchema,
  bookId: wireIdSchema,
  bookTitle: z.string(),
  userId: z.uuid(),
  username: z.string(),
  rating: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const readerQuerySchema = z.object({ userId: z.uuid({ error: "is not a reader's id" }) });
export const readerDetailSchema = z.object({
  state: z.literal("success"),
  reader: readerSummarySchema,
  /** newest first, at most 100 */
  loans: z.array(adminLoanSchema),
  /** newest first, at most 200 */
  ledger: z.array(adminLedgerEntrySchema),
  reviews: z.array(adminReviewSchema),
});
export type ReaderDetail = z.infer<typeof readerDetailSchema>;

/** Credit (positive) or debit (negative) a reader's balance, never below £0. */
export const adjustBalanceRequestSchema = z.object({
  userId: z.uuid({ error: "is not a reader's id" }),
  amount: pounds({
    min: -10000,
    max: 10000,
    message: "An adjustment must be from −£10000 to £10000.",
  }).refine((v) => v !== 0, { error: "An adjustment can't be £0." }),
  reason: reasonSchema,
});
export type AdjustBalanceRequest = z.input<typeof adjustBalanceRequestSchema>;

/** Give back all or part of one charge (a borrow or renewal row of the ledger). */
export const refundRequestSchema = z.object({
  ledgerId: idSchema,
  /** pounds; the whole refundable rest when left out */
  amount: pounds({
    min: 0.01,
    max: 10000,
    message: "A refund must be from £0.01 to £10000.",
  }).optional(),
  reason: reasonSchema,
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const balanceChangeSchema = z.object({
  state: z.literal("success"),
  /** the reader's balance after the change */
  balance: poundsSchema,
  entry: adminLedgerEntrySchema,
});
export type BalanceChange = z.infer<typeof balanceChangeSchema>;

export const blockRequestSchema = z.object({
  userId: z.uuid({ error: "is not a reader's id" }),
  reason: reasonSchema,
});
export const unblockRequestSchema = z.object({ userId: z.uuid({ error: "is not a reader's id" }) });
export const sendResetRequestSchema = unblockRequestSchema;
export const setRoleRequestSchema = z.object({
  userId: z.uuid({ error: "is not a reader's id" }),
  role: roleSchema,
});
export const readerAnswerSchema = z.object({
  state: z.literal("success"),
  reader: readerSummarySchema,
});
export type ReaderAnswer = z.infer<typeof readerAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Loans

export const adminLoansQuerySchema = z.object({
  /** overdue: past due; dueSoon: due within `days` days; open: every open loan */
  status: z.enum(["overdue", "dueSoon", "open"]).default("overdue"),
  /** for dueSoon, how many days ahead (default 3) */
  days: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be from 1 to 60" })
    .max(60, { error: "must be from 1 to 60" })
    .optional(),
  /** words of the title, or the reader's name or email */
  q: optionalText(254, "A search"),
  ...paging,
});
export type AdminLoansQuery = z.input<typeof adminLoansQuerySchema>;
export const adminLoansSchema = z.object({
  state: z.literal("success"),
  loans: z.array(adminLoanSchema),
  ...pageAnswer,
});
export type AdminLoans = z.infer<typeof adminLoansSchema>;

export const endLoanRequestSchema = z.object({ loanId: idSchema, reason: reasonSchema });
export const endLoanAnswerSchema = z.object({
  state: z.literal("success"),
  loan: adminLoanSchema,
});

// ---------------------------------------------------------------------------------------------
// Mail

export const mailStatusSchema = z.enum(["pending", "sent", "failed"]);
export const adminMailSchema = z.object({
  mailId: wireIdSchema,
  type: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** sent; failed: not sent and its last attempt failed; pending: not tried yet */
  status: mailStatusSchema,
});
export type AdminMail = z.infer<typeof adminMailSchema>;

export const adminMailQuerySchema = z.object({
  status: mailStatusSchema.optional(),
  /** part of the address or subject */
  q: optionalText(254, "A search"),
  ...paging,
});
export const adminMailListSchema = z.object({
  state: z.literal("success"),
  mails: z.array(adminMailSchema),
  ...pageAnswer,
});
export type AdminMailList = z.infer<typeof adminMailListSchema>;
export const mailIdQuerySchema = z.object({ mailId: idSchema });
export const adminMailDetailSchema = z.object({
  state: z.literal("success"),
  mail: adminMailSchema.extend({ textBody: z.string(), htmlBody: z.string() }),
});
export type AdminMailDetail = z.infer<typeof adminMailDetailSchema>;
export const retryMailRequestSchema = z.object({ mailId: idSchema });
export const adminMailAnswerSchema = z.object({
  state: z.literal("success"),
  mail: adminMailSchema,
});

// ---------------------------------------------------------------------------------------------
// Reviews

export const adminReviewsQuerySchema = z.object({
  status: z.enum(["visible", "hidden", "all"]).default("all"),
  /** words of the review, the book's title or the reviewer's name */
  q: optionalText(200, "A search"),
  ...paging,
});
export const adminReviewsSchema = z.object({
  state: z.literal("success"),
  reviews: z.array(adminReviewSchema),
  ...pageAnswer,
});
export type AdminReviews = z.infer<typeof adminReviewsSchema>;
export const moderateReviewRequestSchema = z.object({ reviewId: idSchema, reason: reasonSchema });
export const unhideReviewRequestSchema = z.object({ reviewId: idSchema });
export const reviewModerationSchema = z.object({
  state: z.literal("success"),
  /** null after a delete */
  review: adminReviewSchema.nullable(),
  /** the book's rating after the change */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log (admins)

export const auditEntrySchema = z.object({
  id: wireIdSchema,
  /** null for the command line (npm run admin) */
  actorId: z.uuid().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD" })
  .refine((text) => !Number.isNaN(Date.parse(text)), { error: "is not a real date" });

export const auditQuerySchema = z.object({
  /** part of the actor's email */
  actor: optionalText(254, "An actor"),
  action: optionalText(80, "An action"),
  /** from this day (shop time zone), inclusive */
  from: isoDate.optional(),
  /** to this day, inclusive */
  to: isoDate.optional(),
  ...paging,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditListSchema = z.object({
  state: z.literal("success"),
  entries: z.array(auditEntrySchema),
  /** every action name in the log, for the filter */
  actions: z.array(z.string()),
  ...pageAnswer,
});
export type AuditList = z.infer<typeof auditListSchema>;
