import { LOAN_DAYS } from "@folio/contract/constants";
import { and, desc, eq, isNull } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext, DomainEvents, EventHandler } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { books, loans, type LoanRow } from "../../db/schema";
import { announce } from "../../events";
import { mailRecipientOf, type AuthUser } from "../accounts";
import { errors } from "../../errors";
import { runIdempotent } from "../../idempotency";
import { enqueueMail, formatLongDate } from "../notifications";
import { lockBalance, postToLedger } from "../payments";
import { renewalMail, returnMail } from "./loan-mail";
import { returnCopy } from "./queue";

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

/** A loan with what My Books shows of its book (its price now is the renewal fee). */
export type LoanWithBook = Pick<
  LoanRow,
  "id" | "bookId" | "borrowedAt" | "dueAt" | "returnedAt" | "pricePence"
> & {
  title: string;
  author: string;
  currentPricePence: number;
};

/** A reader's open loans (borrowed or overdue), soonest due first. */
export async function openLoansOf(db: Executor, userId: string): Promise<LoanWithBook[]> {
  return db
    .select(loanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(and(eq(loans.userId, userId), isNull(loans.returnedAt)))
    .orderBy(loans.dueAt, loans.id);
}

/** Every loan the reader ever made, newest first (the latest 1000). */
export async function loanHistoryOf(db: Executor, userId: string): Promise<LoanWithBook[]> {
  return db
    .select(loanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.borrowedAt), desc(loans.id))
    .limit(1000);
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

/** What a renewal did: the loan runs to `dueAt` now, or was not renewed for want of money. */
export type RenewOutcome = {
  loanId: number;
  /** the due date after the call: the new one, or the old one when not renewed */
  dueAt: Date;
  feePence: number;
  balancePence: number;
} & ({ kind: "renewed" } | { kind: "insufficient_balance"; shortByPence: number });

/**
 * Renews the caller's open loan of a book (also when overdue): the fee is the book's price now,
 * and the new due date is 30 days from the later of the current due date and now. A loan due
 * more than 30 days from now is not renewable yet (409, nothing charged). `answer` turns the
 * outcome into what the caller sends, stored for a repeat of the request.
 */
export async function renewLoan<T>(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
  idempotencyKey: string | undefined,
  answer: (outcome: RenewOutcome) => T,
): Promise<T> {
  const now = ctx.clock.now();
  let renewed = false;
  const result = await runIdempotent(
    ctx.db,
    { userId: user.id, scope: "borrow/renew", key: idempotencyKey, request: { bookId }, now },
    async (tx) => {
      const outcome = await renew(ctx, tx, user.id, bookId, now);
      renewed = outcome.kind === "renewed";
      return answer(outcome);
    },
  );
  if (renewed) ctx.mail.nudge();
  return result;
}

async function renew(
  ctx: AppContext,
  tx: Transaction,
  userId: string,
  bookId: number,
  now: Date,
): Promise<RenewOutcome> {
  // Same lock order as borrowing: the reader's row first, then the loan.
  const balancePence = await lockBalance(tx, userId);
  const loan = await lockOpenLoan(tx, userId, bookId);
  // Renewals cannot stack: only a loan due within one loan period may be renewed, so the due
  // date is never more than two periods away.
  const renewableFrom = loan.dueAt.getTime() - LOAN_DAYS * DAY;
  if (now.getTime() < renewableFrom) {
    throw errors.renewalTooEarly(formatLongDate(new Date(renewableFrom), ctx.mail.format.timeZone));
  }
  const [book] = await tx
    .select({ pricePence: books.pricePence, title: books.title, author: books.author })
    .from(books)
    .where(eq(books.id, bookId));
  const feePence = book!.pricePence;
  if (feePence > balancePence) {
    return {
      kind: "insufficient_balance",
      loanId: loan.id,
      dueAt: loan.dueAt,
      feePence,
      balancePence,
      shortByPence: feePence - balancePence,
    };
  }
  const dueAt = new Date(Math.max(loan.dueAt.getTime(), now.getTime()) + LOAN_DAYS * DAY);
  await tx.update(loans).set({ dueAt }).where(eq(loans.id, loan.id));
  const { ledgerId, balancePence: after } = await postToLedger(tx, {
    userId,
    kind: "renewal",
    amountPence: -feePence,
    loanId: loan.id,
    at: now,
  });
  const reader = await mailRecipientOf(tx, userId);
  await enqueueMail(
    tx,
    {
      ...renewalMail(ctx, reader!, book!, dueAt, feePence, after),
      dedupeKey: `renewal_receipt:${ledgerId}`,
    },
    ctx.mail.format,
    now,
  );
  return { kind: "renewed", loanId: loan.id, dueAt, feePence, balancePence: after };
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
  const book = await returnCopy(ctx, tx, loan.bookId);
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
          ...returnMail(
            ctx,
            reader,
            { id: loan.bookId, ...book },
            returnedAt,
            how === "ended-by-staff",
          ),
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

/** The caller's loan of a book, returned now; 404 when they have no open loan of it. */
export async function returnLoan(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<{ loanId: number; bookId: number; returnedAt: Date }> {
  const now = ctx.clock.now();
  const loan = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenLoan(tx, user.id, bookId);
    await closeLoan(ctx, tx, open, now, "returned");
    return open;
  });
  ctx.mail.nudge();
  return { loanId: loan.id, bookId, returnedAt: now };
}
