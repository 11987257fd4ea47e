import { wireId } from "@folio/contract/common";
import { BORROW_LIMIT, LOAN_DAYS, borrowMessages, borrowStates } from "@folio/contract/constants";
import type { BorrowResult } from "@folio/contract/loans";
import { and, count, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { loans } from "../../db/schema";
import { lockBalance, mailRecipientOf, tryLockBalance, type AuthUser } from "../accounts";
import { runIdempotent } from "../../idempotency";
import { penceToPounds } from "../../money";
import { findBooks, lockBooksForLending, takeCopies } from "../catalogue";
import { closeBorrowedHolds, lockOpenHoldsOf } from "../holds";
import { removeFromBothLists } from "../lists";
import { enqueueMail } from "../notifications";
import { postToLedger } from "../payments";

/** A reader who had a book this recently borrows it again without spending its licence. */
const RELEND_DAYS = LOAN_DAYS;

/** Why a retired book was not lent: it is among InvalidBookIds, as a book not in the catalogue. */
const NO_LONGER_LENT = "This book is no longer lent";

interface Classified {
  borrowable: {
    id: number;
    pricePence: number;
    title: string;
    author: string;
    /** false when the reader had this book in the last 30 days: no new lend of its licence */
    spendsLicence: boolean;
  }[];
  invalid: number[];
  /** retired books (design.md §7.1): answered as invalid, with their own reason */
  retired: number[];
  borrowed: number[];
  lowStock: number[];
  exceedLimit: number[];
  /** the reader's open holds of these books: a ready one's kept copy is theirs to borrow */
  holds: { id: number; bookId: number; status: string }[];
  /** books whose copy was kept for the reader's ready hold: lent without taking another */
  kept: number[];
}

/** Sorts the requested books by what stops each from being lent, with their rows locked. */
async function classify(
  tx: Transaction,
  userId: string,
  bookIds: number[],
  now: Date,
): Promise<Classified> {
  const rows = await lockBooksForLending(tx, bookIds);
  const openHolds = await lockOpenHoldsOf(tx, userId, bookIds);
  const kept = new Set(openHolds.filter((h) => h.status === "ready").map((h) => h.bookId));
  // The reader's loans of these books that are open or ended in the last 30 days.
  const recent = await tx
    .select({ bookId: loans.bookId, open: sql<boolean>`${loans.returnedAt} is null` })
    .from(loans)
    .where(
      and(
        eq(loans.userId, userId),
        inArray(loans.bookId, bookIds),
        or(
          isNull(loans.returnedAt),
          gte(loans.returnedAt, new Date(now.getTime() - RELEND_DAYS * DAY)),
        ),
      ),
    );
  const held = new Set(recent.filter((loan) => loan.open).map((loan) => loan.bookId));
  const hadRecently = new Set(recent.map((loan) => loan.bookId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result: Classified = {
    borrowable: [],
    invalid: [],
    retired: [],
    borrowed: [],
    lowStock: [],
    exceedLimit: [],
    holds: openHolds,
    kept: [],
  };
  for (const id of bookIds) {
    const book = byId.get(id);
    if (!book) result.invalid.push(id);
    else if (held.has(id)) result.borrowed.push(id);
    else if (book.retiredAt) result.retired.push(id);
    else if (!hadRecently.has(id) && book.borrowTimes >= book.loanCap) result.exceedLimit.push(id);
    else if (book.availableCopies <= 0 && !kept.has(id)) result.lowStock.push(id);
    else {
      result.borrowable.push({ ...book, spendsLicence: !hadRecently.has(id) });
      if (kept.has(id)) result.kept.push(id);
    }
  }
  return result;
}

function failureMessage(c: Classified): string {
  const reasons = [
    c.invalid.length ? `${borrowMessages.invalid} (${c.invalid.length})` : null,
    c.retired.length ? `${NO_LONGER_LENT} (${c.retired.length})` : null,
    c.lowStock.length ? `${borrowMessages.lowStock} (${c.lowStock.length})` : null,
    c.borrowed.length ? `${borrowMessages.alreadyBorrowed} (${c.borrowed.length})` : null,
    c.exceedLimit.length ? `${borrowMessages.exceedLimit} (${c.exceedLimit.length})` : null,
  ].filter(Boolean);
  return reasons.join("; ");
}

/**
 * Borrows one book or several for the caller, all in one transaction (design.md §4).
 * The reader's row is locked first, then the books in id order: two requests racing for the
 * last copy or the last pounds run one after the other, and the second sees what the first did.
 */
export async function borrowBooks(
  ctx: AppContext,
  user: AuthUser,
  bookIds: number[],
  idempotencyKey: string | undefined,
): Promise<BorrowResult> {
  const now = ctx.clock.now();
  const result = await runIdempotent(
    ctx.db,
    { userId: user.id, scope: "borrow/borrow", key: idempotencyKey, request: { bookIds }, now },
    async (tx) => lend(ctx, tx, user.id, bookIds, await lockBalance(tx, user.id), now),
  );
  if (result.state === borrowStates.success) ctx.mail.nudge();
  return result;
}

/**
 * Lends the copy kept for a reader's ready hold when the hold asked to be borrowed for them
 * (design.md §7.2), in the transaction that made it ready, which holds the book's row: the
 * reader's row is taken only if free at once, so this never waits against the reader's own
 * borrow. Null when it is busy or the account is blocked: the hold stays ready.
 */
export async function lendKeptCopy(
  ctx: AppContext,
  tx: Transaction,
  userId: string,
  bookId: number,
): Promise<BorrowResult | null> {
  const balancePence = await tryLockBalance(tx, userId);
  if (balancePence === null) return null;
  return lend(ctx, tx, userId, [bookId], balancePence, ctx.clock.now());
}

/** The borrow itself, the reader's row locked by the caller (`balancePence` read with it). */
async function lend(
  ctx: AppContext,
  tx: Transaction,
  userId: string,
  bookIds: number[],
  balancePence: number,
  now: Date,
): Promise<BorrowResult> {
  const dueAt = new Date(now.getTime() + LOAN_DAYS * DAY);
  const c = await classify(tx, userId, bookIds, now);
  const base = {
    dueDate: null,
    balance: penceToPounds(balancePence),
    newPayment: 0,
    InvalidBookIds: bookIds
      .filter((id) => c.invalid.includes(id) || c.retired.includes(id))
      .map(wireId),
    LowStockBookIds: c.lowStock.map(wireId),
    BorrowedBookIds: c.borrowed.map(wireId),
    ExceedLimitBookIds: c.exceedLimit.map(wireId),
    loans: [],
    books: [],
  };

  if (c.borrowable.length === 0) {
    const onlyLicence = c.exceedLimit.length > 0 && c.exceedLimit.length === bookIds.length;
    return onlyLicence
      ? { ...base, state: borrowStates.exceedLimit, message: borrowMessages.exceedLimit }
      : { ...base, state: borrowStates.failed, message: failureMessage(c) };
  }

  const [held] = await tx
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.userId, userId), isNull(loans.returnedAt)));
  if ((held?.n ?? 0) + c.borrowable.length > BORROW_LIMIT) {
    return {
      ...base,
      state: borrowStates.reachBorrowLimit,
      message: borrowMessages.reachLimit,
    };
  }

  const chargePence = c.borrowable.reduce((sum, book) => sum + book.pricePence, 0);
  if (chargePence > balancePence) {
    const shortfall = chargePence - balancePence;
    return {
      ...base,
      state: borrowStates.insufficientBalance,
      newPayment: penceToPounds(shortfall),
      message: borrowMessages.insufficient(shortfall),
    };
  }

  const ids = c.borrowable.map((book) => book.id);
  const made = await tx
    .insert(loans)
    .values(
      c.borrowable.map((book) => ({
        userId: userId,
        bookId: book.id,
        borrowedAt: now,
        dueAt,
        pricePence: book.pricePence,
        licenceSpent: book.spendsLicence,
      })),
    )
    .returning({ id: loans.id, bookId: loans.bookId, pricePence: loans.pricePence });
  await takeCopies(
    tx,
    ids,
    c.borrowable.filter((book) => book.spendsLicence).map((book) => book.id),
    c.kept,
  );
  // The reader's holds of these books are served: a ready one's kept copy is this loan's.
  await closeBorrowedHolds(
    tx,
    c.holds.filter((hold) => ids.includes(hold.bookId)).map((hold) => hold.id),
    now,
  );
  let balanceAfter = balancePence;
  for (const loan of made) {
    ({ balancePence: balanceAfter } = await postToLedger(tx, {
      userId: userId,
      kind: "borrow",
      amountPence: -loan.pricePence,
      loanId: loan.id,
      at: now,
    }));
  }
  await removeFromBothLists(tx, userId, ids);

  const reader = await mailRecipientOf(tx, userId);
  await enqueueMail(
    tx,
    {
      type: "borrow",
      to: reader!.email,
      data: {
        name: reader!.name,
        books: c.borrowable.map((b) => ({
          title: b.title,
          author: b.author,
          dueDate: dueAt,
          pricePence: b.pricePence,
        })),
        chargePence,
        balancePence: balanceAfter,
        myBooksUrl: `${ctx.config.publicUrl}/mybooks`,
      },
    },
    ctx.mail.format,
    now,
  );

  return {
    ...base,
    state: borrowStates.success,
    message: borrowMessages.success(made.length),
    dueDate: dueAt.toISOString(),
    balance: penceToPounds(balanceAfter),
    loans: made.map((loan) => ({
      borrowId: wireId(loan.id),
      bookId: wireId(loan.bookId),
      borrowDate: now.toISOString(),
      dueDate: dueAt.toISOString(),
    })),
    books: await findBooks(tx, ids),
  };
}
