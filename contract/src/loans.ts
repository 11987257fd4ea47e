import { z } from "zod";
import { bookSchema } from "./catalogue";
import { borrowStates } from "./constants";
import { bookIdsSchema } from "./lists";

export const loanStatusSchema = z.enum(["borrowed", "overdue", "returned"]);
export type LoanStatus = z.infer<typeof loanStatusSchema>;

export const borrowRequestSchema = z.object({ bookId: bookIdsSchema });
export type BorrowRequest = z.infer<typeof borrowRequestSchema>;

export const newLoanSchema = z.object({
  borrowId: z.number().int(),
  bookId: z.number().int(),
  borrowDate: z.string(),
  dueDate: z.string(),
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
  InvalidBookIds: z.array(z.number().int()),
  LowStockBookIds: z.array(z.number().int()),
  BorrowedBookIds: z.array(z.number().int()),
  ExceedLimitBookIds: z.array(z.number().int()),
  /** the loans made by this call */
  loans: z.array(newLoanSchema),
  books: z.array(bookSchema),
});
export type BorrowResult = z.infer<typeof borrowResultSchema>;
