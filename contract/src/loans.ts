import { z } from "zod";
import { bookSchema } from "./catalogue";
import { idSchema, wireIdSchema } from "./common";
import { borrowStates } from "./constants";
import { bookIdsSchema } from "./lists";

export const loanStatusSchema = z.enum(["borrowed", "overdue", "returned"]);
export type LoanStatus = z.infer<typeof loanStatusSchema>;

export const borrowRequestSchema = z.object({ bookId: bookIdsSchema });
export type BorrowRequest = z.infer<typeof borrowRequestSchema>;

export const newLoanSchema = z.object({
  borrowId: wireIdSchema,
  bookId: wireIdSchema,
  borrowDate: z.string(),
  dueDate: z.string(),
  /**
   * what the loan charged, pounds (the book's price at borrow time); absent only from an answer
   * stored before it was added and replayed for its Idempotency-Key
   */
  price: z.number().optional(),
});

export const borrowResultSchema = z.object({
  state: z.enum([
    borrowStates.success,
    borrowStates.insufficientBalance,
    borrowStates.reachBorrowLimit,
    borrowStates.exceedLimit,
    borrowStates.failed,
  ]),
  message: z.string(),
  /** due date of the loans made (ISO); null when nothing was lent */
  dueDate: z.string().nullable(),
  /** balance after the call, pounds */
  balance: z.number(),
  /** pounds to top up before this borrow can go through; 0 unless state is insufficient balance */
  newPayment: z.number(),
  InvalidBookIds: z.array(wireIdSchema),
  LowStockBookIds: z.array(wireIdSchema),
  BorrowedBookIds: z.array(wireIdSchema),
  ExceedLimitBookIds: z.array(wireIdSchema),
  /** the loans made by this call */
  loans: z.array(newLoanSchema),
  books: z.array(bookSchema),
});
export type BorrowResult = z.infer<typeof borrowResultSchema>;

export const loanRecordSchema = z.object({
  borrowId: wireIdSchema,
  bookId: wireIdSchema,
  bookTitle: z.string(),
  bookAuthor: z.string(),
  /** the same, under the names the history screen uses (spec.md §3) */
  title: z.string(),
  author: z.string(),
  cover: z.string(),
  borrowDate: z.string(),
  dueDate: z.string(),
  returnDate: z.string().nullable(),
  status: loanStatusSchema,
  /** what the loan cost, pounds */
  price: z.number(),
  /** what renewing it costs now (the book's current price), pounds */
  renewalFee: z.number(),
});
export type LoanRecord = z.infer<typeof loanRecordSchema>;

export const loanListSchema = z.object({
  state: z.literal("success"),
  data: z.array(loanRecordSchema),
  /** the books of the loans, in the same order, so a screen needs one request */
  books: z.array(bookSchema),
});
export type LoanList = z.infer<typeof loanListSchema>;

export const loanActionRequestSchema = z.object({ bookId: idSchema });
export type LoanActionRequest = z.infer<typeof loanActionRequestSchema>;

export const renewResultSchema = z.object({
  state: z.enum([borrowStates.success, borrowStates.insufficientBalance]),
  message: z.string(),
  borrowId: wireIdSchema,
  /** the due date after renewal (ISO); the current one when the renewal did not happen */
  newDueDate: z.string(),
  /** the renewal fee, pounds: the book's price */
  fee: z.number(),
  balance: z.number(),
  newPayment: z.number(),
});
export type RenewResult = z.infer<typeof renewResultSchema>;

export const returnResultSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  borrowId: wireIdSchema,
  bookId: wireIdSchema,
  returnDate: z.string(),
});
export type ReturnResult = z.infer<typeof returnResultSchema>;
