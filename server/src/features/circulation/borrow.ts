import { BORROW_LIMIT, LOAN_DAYS } from "@folio/contract/constants";
import { and, count, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { holds, loans } from "../../db/schema";
import { mailRecipientOf, type AuthUser } from "../accounts";
import { runIdempotent } from "../../idempotency";
import { removeFromBothLists } from "../lists";
import { enqueueMail } from "../notifications";
import { lockBalance, postToLedger, tryLockBalance } from "../payments";
import { borrowMail } from "./loan-mail";
import { lockBooksForLending, takeCopies } from "./stock";

/** A reader who had a book this recently borrows it again without spending its licence. */
const RELEND_DAYS = LOAN_DAYS;

/** Why each book asked for was not lent, by id, in the order asked. */
export interface Refusals {
  /** not in the catalogue */
  unknown: number[];
  /** retired books (design.md §7.1): lent to no one */
  retired: number[];
  /** open loans of the reader's already */
  borrowed: number[];
  /** no copy on the shelf */
  lowStock: number[];
  /** the book's licence is spent */
  exceedLimit: number[];
}

/** A loan a borrow made. */
export interface NewLoan {
  id: number;
  bookId: number;
  borrowedAt: Date;
  dueAt: Date;
  /** what it charged: the book's price at borrow time */
  pricePence: number;
}

/**
 * What a borrow did (design.md §4): lent the books it could, or nothing and why. Every kind
 * carries the balance after it and why each book left out was refused.
 */
export type BorrowOutcome = { balancePence: number; refused: Refusals } & (
  | { kind: "lent"; loans: NewLoan[] }
  | { kind: "insufficient_balance"; shortByPence: number }
  | { kind: "borrow_limit" }
  /** every book asked for has its licence spent */
  | { kind: "licence_spent" }
  | { kind: "none_lent" }
);

interface Classified extends Refusals {
  borrowable: {
    id: number;
    pricePence: number;
    title: string;
    author: string;
    /** false when the reader had this book in the last 30 days: no new lend of its licence */
    spendsLicence: boolean;
  }[];
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
    unknown: [],
    retired: [],
    borrowed: [],
    lowStock: [],
    exceedLimit: [],
    holds: openHolds,
    kept: [],
  };
  for (const id of bookIds) {
    const book = byId.get(id);
    if (!book) result.unknown.push(id);
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

/**
 * Borrows one book or several for the caller, all in one transaction (design.md §4).
 * The reader's row is locked first, then the books in id order: two requests racing for the
 * last copy or the last pounds run one after the other, and the second sees what the first did.
 */
export async function borrowBooks<T>(
  ctx: AppContext,
  user: AuthUser,
  bookIds: number[],
  idempotencyKey: string | undefined,
  answer: (tx: Transaction, outcome: BorrowOutcome) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  let lent = false;
  const result = await runIdempotent(
    ctx.db,
    { userId: user.id, scope: "borrow/borrow", key: idempotencyKey, request: { bookIds }, now },
    async (tx) => {
      const outcome = await lend(ctx, tx, user.id, bookIds, await lockBalance(tx, user.id), now);
      lent = outcome.kind === "lent";
      // What a repeat of the request answers is stored as it was sent: the caller's answer.
      return answer(tx, outcome);
    },
  );
  if (lent) ctx.mail.nudge();
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
): Promise<BorrowOutcome | null> {
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
): Promise<BorrowOutcome> {
  const dueAt = new Date(now.getTime() + LOAN_DAYS * DAY);
  const c = await classify(tx, userId, bookIds, now);
  const refused: Refusals = {
    unknown: c.unknown,
    retired: c.retired,
    borrowed: c.borrowed,
    lowStock: c.lowStock,
    exceedLimit: c.exceedLimit,
  };
  const base = { balancePence, refused };

  if (c.borrowable.length === 0) {
    const onlyLicence = c.exceedLimit.length > 0 && c.exceedLimit.length === bookIds.length;
    return { ...base, kind: onlyLicence ? "licence_spent" : "none_lent" };
  }

  const [held] = await tx
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.userId, userId), isNull(loans.returnedAt)));
  if ((held?.n ?? 0) + c.borrowable.length > BORROW_LIMIT) return { ...base, kind: "borrow_limit" };

  const chargePence = c.borrowable.reduce((sum, book) => sum + book.pricePence, 0);
  if (chargePence > balancePence)
    return { ...base, kind: "insufficient_balance", shortByPence: chargePence - balancePence };

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
    borrowMail(ctx, reader!, c.borrowable, dueAt, chargePence, balanceAfter),
    ctx.mail.format,
    now,
  );

  return {
    ...base,
    kind: "lent",
    balancePence: balanceAfter,
    loans: made.map((loan) => ({
      id: loan.id,
      bookId: loan.bookId,
      borrowedAt: now,
      dueAt,
      pricePence: loan.pricePence,
    })),
  };
}

/** A reader's open holds of these books, locked: what a borrow of them must account for. */
async function lockOpenHoldsOf(tx: Transaction, userId: string, bookIds: number[]) {
  if (bookIds.length === 0) return [];
  return tx
    .select({ id: holds.id, bookId: holds.bookId, status: holds.status })
    .from(holds)
    .where(
      and(
        eq(holds.userId, userId),
        inArray(holds.bookId, bookIds),
        inArray(holds.status, ["waiting", "ready"]),
      ),
    )
    .orderBy(holds.id)
    .for("update");
}

/** The reader borrowed the books of these holds: they close as borrowed. */
async function closeBorrowedHolds(tx: Transaction, holdIds: number[], at: Date): Promise<void> {
  if (holdIds.length === 0) return;
  await tx
    .update(holds)
    .set({ status: "borrowed", closedAt: at })
    .where(and(inArray(holds.id, holdIds), inArray(holds.status, ["waiting", "ready"])));
}
