import { wireId } from "@folio/contract/common";
import { LOAN_DAYS, borrowStates, renewMessages } from "@folio/contract/constants";
import type {
  LoanList,
  LoanRecord,
  LoanStatus,
  RenewResult,
  ReturnResult,
} from "@folio/contract/loans";
import { and, desc, eq, isNull } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext, DomainEvents, EventHandler } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { books, loans, type LoanRow } from "../../db/schema";
import { announce } from "../../events";
import { lockBalance, mailRecipientOf, type AuthUser } from "../accounts";
import { errors } from "../../errors";
import { runIdempotent } from "../../idempotency";
import { coverUrlFor, findBooks, returnCopy } from "../catalogue";
import { penceToPounds } from "../../money";
import { enqueueMail, formatLongDate } from "../notifications";
import { postToLedger } from "../payments";

export function statusOf(loan: Pick<LoanRow, "returnedAt" | "dueAt">, now: Date): LoanStatus {
  if (loan.returnedAt) return "returned";
  return loan.dueAt.getTime() < now.getTime() ? "overdue" : "borrowed";
}

const loanColumns = {
  id: loans.id,
  bookId: loans.bookId,
  borrowedAt: loans.borrowedAt,
  dueAt: loans.dueAt,
  returnedAt: loans.returnedAt,
  pricePence: loans.pricePence,
  title: books.title,
  author: books.author,
  currentPricePence: books.pricePence,
};

type LoanWithBook = Pick<
  LoanRow,
  "id" | "bookId" | "borrowedAt" | "dueAt" | "returnedAt" | "pricePence"
> & {
  title: string;
  author: string;
  currentPricePence: number;
};

function presentLoan(row: LoanWithBook, now: Date): LoanRecord {
  return {
    borrowId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    bookAuthor: row.author,
    title: row.title,
    author: row.author,
    cover: coverUrlFor(row.bookId),
    borrowDate: row.borrowedAt.toISOString(),
    dueDate: row.dueAt.toISOString(),
    returnDate: row.returnedAt?.toISOString() ?? null,
    status: statusOf(row, now),
    price: penceToPounds(row.pricePence),
    renewalFee: penceToPounds(row.currentPricePence),
  };
}

async function loanList(db: Executor, rows: LoanWithBook[], now: Date): Promise<LoanList> {
  const data = rows.map((row) => presentLoan(row, now));
  return {
    state: "success",
    data,
    books: await findBooks(
      db,
      rows.map((row) => row.bookId),
    ),
  };
}

/** Open loans (borrowed or overdue), soonest due first. */
export async function listOpenLoans(ctx: AppContext, user: AuthUser): Promise<LoanList> {
  const rows = await ctx.db
    .select(loanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(and(eq(loans.userId, user.id), isNull(loans.returnedAt)))
    .orderBy(loans.dueAt, loans.id);
  return loanList(ctx.db, rows, ctx.clock.now());
}

/** Every loan the reader ever made, newest first. */
export async function loanHistory(ctx: AppContext, user: AuthUser): Promise<LoanList> {
  const rows = await ctx.db
    .select(loanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(eq(loans.userId, user.id))
    .orderBy(desc(loans.borrowedAt), desc(loans.id))
    .limit(1000);
  return loanList(ctx.db, rows, ctx.clock.now());
}

/** The caller's open loan of a book, locked for the transaction; 404 when there is none. */
async function lockOpenLoan(tx: Transaction, userId: string, bookId: number) {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.bookId, bookId), isNull(loans.returnedAt)))
    .for("update");
  if (!loan) throw errors.loanNotFound();
  return loan;
}

/**
 * Renews the caller's open loan of a book (also when overdue): the fee is the book's price now,
 * and the new due date is 30 days from the later of the current due date and now. A loan due
 * more than 30 days from now is not renewable yet (409, nothing charged).
 */
export async function renewLoan(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
  idempotencyKey: string | undefined,
): Promise<RenewResult> {
  const now = ctx.clock.now();
  const result = await runIdempotent(
    ctx.db,
    { userId: user.id, scope: "borrow/renew", key: idempotencyKey, request: { bookId }, now },
    async (tx) => {
      // Same lock order as borrowing: the reader's row first, then the loan.
      const balancePence = await lockBalance(tx, user.id);
      const loan = await lockOpenLoan(tx, user.id, bookId);
      // Renewals cannot stack: only a loan due within one loan period may be renewed, so the
      // due date is never more than two periods away.
      const renewableFrom = loan.dueAt.getTime() - LOAN_DAYS * DAY;
      if (now.getTime() < renewableFrom) {
        throw errors.renewalTooEarly(
          formatLongDate(new Date(renewableFrom), ctx.mail.format.timeZone),
        );
      }
      const [book] = await tx
        .select({ pricePence: books.pricePence, title: books.title, author: books.author })
        .from(books)
        .where(eq(books.id, bookId));
      const fee = book!.pricePence;
      if (fee > balancePence) {
        return {
          state: borrowStates.insufficientBalance,
          message: renewMessages.insufficient(fee - balancePence),
          borrowId: wireId(loan.id),
          newDueDate: loan.dueAt.toISOString(),
          fee: penceToPounds(fee),
          balance: penceToPounds(balancePence),
          newPayment: penceToPounds(fee - balancePence),
        };
      }
      const newDue = new Date(Math.max(loan.dueAt.getTime(), now.getTime()) + LOAN_DAYS * DAY);
      await tx.update(loans).set({ dueAt: newDue }).where(eq(loans.id, loan.id));
      const { ledgerId, balancePence: after } = await postToLedger(tx, {
        userId: user.id,
        kind: "renewal",
        amountPence: -fee,
        loanId: loan.id,
        at: now,
      });
      const reader = await mailRecipientOf(tx, user.id);
      await enqueueMail(
        tx,
        {
          type: "renewal_receipt",
          to: reader!.email,
          data: {
            name: reader!.name,
            book: { title: book!.title, author: book!.author, dueDate: newDue },
            feePence: fee,
            balancePence: after,
            myBooksUrl: `${ctx.config.publicUrl}/mybooks`,
          },
          dedupeKey: `renewal_receipt:${ledgerId}`,
        },
        ctx.mail.format,
        now,
      );
      return {
        state: borrowStates.success,
        message: renewMessages.success,
        borrowId: wireId(loan.id),
        newDueDate: newDue.toISOString(),
        fee: penceToPounds(fee),
        balance: penceToPounds(after),
        newPayment: 0,
      };
    },
  );
  if (result.state === borrowStates.success) ctx.mail.nudge();
  return result;
}

/**
 * Ends a loan and puts its copy back on the shelf; answers the book, or null when another
 * process closed the loan first.
 */
async function shelveLoan(
  ctx: AppContext,
  tx: Transaction,
  loan: Pick<LoanRow, "id" | "bookId">,
  returnedAt: Date,
  how: DomainEvents["loanClosed"]["how"],
): Promise<{ title: string; author: string } | null> {
  const [closed] = await tx
    .update(loans)
    .set({ returnedAt })
    .where(and(eq(loans.id, loan.id), isNull(loans.returnedAt)))
    .returning({ userId: loans.userId });
  if (!closed) return null;
  const book = await returnCopy(ctx, tx, loan.bookId, returnedAt);
  if (closed.userId) {
    await announce(ctx, tx, "loanClosed", {
      loanId: loan.id,
      bookId: loan.bookId,
      userId: closed.userId,
      at: returnedAt,
      how,
    });
  }
  return book;
}

/** Account deletion: open loans end now and their copies go back; no mail, the account goes. */
export const returnAllOpenLoans: EventHandler<"accountDeleted"> = async (
  ctx,
  tx,
  { userId, at },
) => {
  const open = await tx
    .select({ id: loans.id, bookId: loans.bookId })
    .from(loans)
    .where(and(eq(loans.userId, userId), isNull(loans.returnedAt)))
    .orderBy(loans.bookId);
  for (const loan of open) await shelveLoan(ctx, tx, loan, at, "account-deleted");
};

/** Ends a loan: the copy goes back on the shelf and the reader gets a note. No refund. */
export async function closeLoan(
  ctx: AppContext,
  tx: Transaction,
  loan: Pick<LoanRow, "id" | "bookId" | "userId">,
  returnedAt: Date,
  how: "returned" | "auto-returned" | "ended-by-staff",
): Promise<boolean> {
  const book = await shelveLoan(ctx, tx, loan, returnedAt, how);
  // Another process closed it first: nothing more to do, and no second mail.
  if (!book) return false;
  if (loan.userId) {
    const reader = await mailRecipientOf(tx, loan.userId);
    if (reader) {
      await enqueueMail(
        tx,
        {
          type: "return",
          to: reader.email,
          data: {
            name: reader.name,
            book: { title: book.title, author: book.author },
            returnDate: returnedAt,
            bookUrl: `${ctx.config.publicUrl}/book/${loan.bookId}`,
            shopUrl: ctx.config.publicUrl,
            endedByLibrary: how === "ended-by-staff",
          },
          dedupeKey: `return:${loan.id}`,
        },
        ctx.mail.format,
        returnedAt,
      );
    }
  }
  return true;
}

/**
 * Staff end an open loan as a return would (the copy goes back, the reader is mailed); answers
 * the loan as it was. An unknown loan 404, one that has ended already 409.
 */
export async function endLoan(
  ctx: AppContext,
  tx: Transaction,
  loanId: number,
  at: Date,
): Promise<LoanRow> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for("update");
  if (!loan) throw errors.staffLoanNotFound();
  if (loan.returnedAt) throw errors.loanEnded();
  await closeLoan(ctx, tx, loan, at, "ended-by-staff");
  return loan;
}

export async function returnLoan(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<ReturnResult> {
  const now = ctx.clock.now();
  const loan = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenLoan(tx, user.id, bookId);
    await closeLoan(ctx, tx, open, now, "returned");
    return open;
  });
  ctx.mail.nudge();
  return {
    state: "success",
    message: "Book returned",
    borrowId: wireId(loan.id),
    bookId: wireId(bookId),
    returnDate: now.toISOString(),
  };
}
