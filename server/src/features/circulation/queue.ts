import { HOLD_LAPSING_HOURS, HOLD_READY_HOURS } from "@folio/contract/holds";
import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { HOUR } from "../../clock";
import type { AppContext, EventHandler } from "../../context";
import type { Transaction } from "../../db/client";
import { books, holds, type HoldRow } from "../../db/schema";
import { mailRecipientOf } from "../accounts";
import { enqueueMail } from "../notifications";
import { lendKeptCopy, type BorrowOutcome } from "./borrow";
import { keepCopy, lockBooksForLending, putCopyBack } from "./stock";

// The queue of each book: a copy that comes back goes to the oldest waiting hold. Locks are
// taken in one order everywhere: the reader's row, then the book's, then its holds. Work that
// starts from a book (a copy freed) takes a reader's row only if it is free at once
// (tryLockBalance).

const BATCH = 200;
const holdsUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/mybooks?tab=holds`;

type AutoBorrowFailure = { reason: "balance"; shortfallPence: number } | { reason: "limit" };

/** Why an automatic borrow did not go through, in the words of the ready mail; null if unknown. */
function failureOf(outcome: BorrowOutcome | null): AutoBorrowFailure | null {
  if (outcome?.kind === "insufficient_balance")
    return { reason: "balance", shortfallPence: outcome.shortByPence };
  if (outcome?.kind === "borrow_limit") return { reason: "limit" };
  return null;
}

async function mailHold(
  ctx: AppContext,
  tx: Transaction,
  type: "hold_ready" | "hold_lapsing" | "hold_expired",
  hold: Pick<HoldRow, "id" | "userId" | "bookId">,
  readyUntil: Date | null,
  now: Date,
  autoBorrowFailed: AutoBorrowFailure | null = null,
): Promise<void> {
  const reader = await mailRecipientOf(tx, hold.userId);
  const [book] = await tx
    .select({ title: books.title, author: books.author })
    .from(books)
    .where(eq(books.id, hold.bookId));
  if (!reader || !book) return;
  const base = { to: reader.email, dedupeKey: `${type}:${hold.id}` };
  if (type === "hold_expired") {
    await enqueueMail(
      tx,
      {
        ...base,
        type,
        data: { name: reader.name, book, bookUrl: `${ctx.config.publicUrl}/book/${hold.bookId}` },
      },
      ctx.mail.format,
      now,
    );
  } else if (type === "hold_lapsing") {
    await enqueueMail(
      tx,
      {
        ...base,
        type,
        data: { name: reader.name, book, readyUntil: readyUntil!, holdsUrl: holdsUrl(ctx) },
      },
      ctx.mail.format,
      now,
    );
  } else {
    await enqueueMail(
      tx,
      {
        ...base,
        type,
        data: {
          name: reader.name,
          book,
          readyUntil: readyUntil!,
          holdsUrl: holdsUrl(ctx),
          autoBorrowFailed,
        },
      },
      ctx.mail.format,
      now,
    );
  }
}

/**
 * Tries the automatic borrow a ready hold asked for; answers whether it was lent, and why not.
 */
async function tryAutoBorrow(
  ctx: AppContext,
  tx: Transaction,
  hold: Pick<HoldRow, "userId" | "bookId">,
): Promise<{ lent: boolean; failure: AutoBorrowFailure | null }> {
  const outcome = await lendKeptCopy(ctx, tx, hold.userId, hold.bookId);
  return { lent: outcome?.kind === "lent", failure: failureOf(outcome) };
}

/**
 * Gives the book's free copies to its oldest waiting holds, one copy each, in the caller's
 * transaction (which holds the book's row): each becomes ready and keeps its copy for 48 hours,
 * and one that asked to be borrowed for its reader is lent at once when it can be. A retired
 * book, or one whose licence is spent, will lend no copy again: its waiting holds are cancelled.
 */
export async function serveQueue(ctx: AppContext, tx: Transaction, bookId: number): Promise<void> {
  const now = ctx.clock.now();
  const [book] = await tx
    .select({
      available: books.availableCopies,
      retiredAt: books.retiredAt,
      borrowTimes: books.borrowTimes,
      loanCap: books.loanCap,
    })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) return;
  if (book.retiredAt || book.borrowTimes >= book.loanCap) {
    await tx
      .update(holds)
      .set({ status: "cancelled", closedAt: now })
      .where(and(eq(holds.bookId, bookId), eq(holds.status, "waiting")));
    return;
  }
  let available = book.available;
  while (available > 0) {
    const [next] = await tx
      .select()
      .from(holds)
      .where(and(eq(holds.bookId, bookId), eq(holds.status, "waiting")))
      .orderBy(asc(holds.placedAt), asc(holds.id))
      .limit(1)
      .for("update");
    if (!next) return;
    const readyUntil = new Date(now.getTime() + HOLD_READY_HOURS * HOUR);
    await keepCopy(tx, bookId);
    await tx
      .update(holds)
      .set({ status: "ready", readyAt: now, readyUntil })
      .where(eq(holds.id, next.id));
    available -= 1;
    const tried = next.autoBorrow ? await tryAutoBorrow(ctx, tx, next) : null;
    if (tried?.lent) continue;
    await mailHold(ctx, tx, "hold_ready", next, readyUntil, now, tried?.failure ?? null);
  }
}

/**
 * Puts a copy back on the shelf (a loan ended, a ready hold closed) and serves the book's queue
 * with it, in the caller's transaction; answers the book's title and author.
 */
export async function returnCopy(
  ctx: AppContext,
  tx: Transaction,
  bookId: number,
): Promise<{ title: string; author: string } | null> {
  const book = await putCopyBack(tx, bookId);
  if (book) await serveQueue(ctx, tx, bookId);
  return book;
}

/**
 * Closes one open hold as cancelled or expired, the book's row locked first (the lock order);
 * a ready hold's copy goes back on the shelf and so to the next in the queue. Answers the hold
 * as it was, or null when it was not open any more.
 */
export async function closeOpenHold(
  ctx: AppContext,
  tx: Transaction,
  hold: Pick<HoldRow, "id" | "bookId">,
  status: "cancelled" | "expired",
  at: Date,
): Promise<HoldRow | null> {
  await lockBooksForLending(tx, [hold.bookId]);
  const [before] = await tx.select().from(holds).where(eq(holds.id, hold.id)).for("update");
  if (!before || (before.status !== "waiting" && before.status !== "ready")) return null;
  await tx.update(holds).set({ status, closedAt: at }).where(eq(holds.id, hold.id));
  if (before.status === "ready") await returnCopy(ctx, tx, hold.bookId);
  return before;
}

/**
 * Ready holds past their 48 hours expire, and their copies pass on (the reader is mailed);
 * answers how many. Holds that are too late are found first, then each is closed with its book
 * locked, as any other close.
 */
export async function expireReadyHolds(
  ctx: AppContext,
  tx: Transaction,
  now: Date,
): Promise<number> {
  const due = await tx
    .select({ id: holds.id, bookId: holds.bookId })
    .from(holds)
    .where(and(eq(holds.status, "ready"), lte(holds.readyUntil, now)))
    .orderBy(holds.readyUntil)
    .limit(BATCH);
  let expired = 0;
  for (const hold of due) {
    const before = await closeOpenHold(ctx, tx, hold, "expired", now);
    if (!before) continue;
    await mailHold(ctx, tx, "hold_expired", before, null, now);
    expired += 1;
  }
  return expired;
}

/** One reminder per ready hold, when it lapses within 12 hours; answers how many. */
export async function noticeLapsingHolds(
  ctx: AppContext,
  tx: Transaction,
  now: Date,
): Promise<number> {
  const soon = new Date(now.getTime() + HOLD_LAPSING_HOURS * HOUR);
  const rows = await tx
    .update(holds)
    .set({ lapseNoticeAt: now })
    .where(
      sql`${holds.id} in (select ${holds.id} from ${holds} where ${and(
        eq(holds.status, "ready"),
        isNull(holds.lapseNoticeAt),
        gt(holds.readyUntil, now),
        lte(holds.readyUntil, soon),
      )} order by ${holds.readyUntil} limit ${BATCH} for update skip locked)`,
    )
    .returning();
  for (const hold of rows) await mailHold(ctx, tx, "hold_lapsing", hold, hold.readyUntil, now);
  return rows.length;
}

/**
 * Ready holds that asked to be borrowed for their reader and were not (the balance or the loan
 * limit did not allow it, or the reader's row was busy) are tried again; answers how many were
 * lent. A top-up during the 48 hours is enough for the next sweep to lend it.
 */
export async function retryAutoBorrows(ctx: AppContext, tx: Transaction): Promise<number> {
  const waiting = await tx
    .select({ userId: holds.userId, bookId: holds.bookId })
    .from(holds)
    .where(and(eq(holds.status, "ready"), eq(holds.autoBorrow, true)))
    .orderBy(holds.readyAt)
    .limit(BATCH);
  let lent = 0;
  for (const hold of waiting) if ((await tryAutoBorrow(ctx, tx, hold)).lent) lent += 1;
  return lent;
}

/** Cancels every open hold `which` picks, each closed as any other (a kept copy passes on). */
async function cancelOpenHolds(
  ctx: AppContext,
  tx: Transaction,
  which: SQL | undefined,
  at: Date,
): Promise<number> {
  const open = await tx
    .select({ id: holds.id, bookId: holds.bookId })
    .from(holds)
    .where(and(which, inArray(holds.status, ["waiting", "ready"])))
    .orderBy(holds.bookId, holds.id);
  for (const hold of open) await closeOpenHold(ctx, tx, hold, "cancelled", at);
  return open.length;
}

/**
 * The account is going: its open holds are cancelled first, so their kept copies pass on
 * before its loans are returned (app.ts runs this handler before loans').
 */
export const cancelHoldsOfDeletedAccount: EventHandler<"accountDeleted"> = async (
  ctx,
  tx,
  { userId, at },
) => {
  await cancelOpenHolds(ctx, tx, eq(holds.userId, userId), at);
};

/**
 * Staff retired the book (its row locked by the caller): no copy of it will be lent again, so
 * every open hold of it is cancelled and the kept copies go back on the shelf. Answers how many.
 */
export function cancelHoldsOfBook(
  ctx: AppContext,
  tx: Transaction,
  bookId: number,
  at: Date,
): Promise<number> {
  return cancelOpenHolds(ctx, tx, eq(holds.bookId, bookId), at);
}
