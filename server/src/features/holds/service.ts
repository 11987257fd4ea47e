import { wireId } from "@folio/contract/common";
import { borrowMessages } from "@folio/contract/constants";
import {
  CLOSED_HOLDS_LISTED,
  HOLD_LIMIT,
  type BookHolds,
  type Hold,
  type HoldList,
  type HoldStatus,
  type WaitDays,
} from "@folio/contract/holds";
import type { Book, BookDetail } from "@folio/contract/catalogue";
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { holds, loans, type HoldRow } from "../../db/schema";
import { errors } from "../../errors";
import { lockBalance, type AuthUser } from "../accounts";
import { findBooks, lockBooksForLending } from "../catalogue";
import { closeOpenHold } from "./queue";
import { estimateWaitsAt } from "./estimate";
import { estimateWaits, waitInputsFor } from "./wait";

const OPEN: HoldStatus[] = ["waiting", "ready"];

/** Each waiting hold's 1-based place in its book's queue, by hold id. */
async function positionsOf(db: Executor, rows: HoldRow[]): Promise<Map<number, number>> {
  const waiting = rows.filter((row) => row.status === "waiting");
  if (waiting.length === 0) return new Map();
  const ids = waiting.map((row) => row.id);
  const result = await db.execute(sql`
    select h.id, (
      select count(*)::int from ${holds} q
      where q.book_id = h.book_id and q.status = 'waiting'
        and (q.placed_at, q.id) <= (h.placed_at, h.id)
    ) as position
    from ${holds} h where h.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const positions = (result as { rows: { id: number | string; position: number }[] }).rows;
  return new Map(positions.map((row) => [Number(row.id), Number(row.position)]));
}

/** One hold as the wire has it. */
function wireHold(
  row: HoldRow,
  book: Book,
  position: number | undefined,
  estimate: WaitDays | undefined,
): Hold {
  return {
    holdId: wireId(row.id),
    bookId: wireId(row.bookId),
    book,
    status: row.status as HoldStatus,
    position: position ?? null,
    placedAt: row.placedAt.toISOString(),
    readyUntil: row.status === "ready" ? row.readyUntil!.toISOString() : null,
    estimatedWaitDays: estimate ?? null,
    autoBorrow: row.autoBorrow,
  };
}

/** Holds as the wire has them, in the order given, with their books, places and estimates. */
export async function presentHolds(db: Executor, rows: HoldRow[], now: Date): Promise<Hold[]> {
  if (rows.length === 0) return [];
  const [bookList, positions] = await Promise.all([
    findBooks(db, [...new Set(rows.map((row) => row.bookId))]),
    positionsOf(db, rows),
  ]);
  const booksById = new Map(bookList.map((book) => [Number(book.bookId), book]));
  const estimates = new Map<number, WaitDays>();
  const byBook = new Map<number, HoldRow[]>();
  for (const row of rows.filter((row) => positions.has(row.id)))
    byBook.set(row.bookId, [...(byBook.get(row.bookId) ?? []), row]);
  for (const [bookId, waiting] of byBook) {
    const waits = await estimateWaits(
      db,
      bookId,
      waiting.map((row) => positions.get(row.id)!),
      now,
    );
    waiting.forEach((row, i) => estimates.set(row.id, waits[i]!));
  }
  return rows.flatMap((row) => {
    const book = booksById.get(row.bookId);
    return book ? [wireHold(row, book, positions.get(row.id), estimates.get(row.id))] : [];
  });
}

/** The caller's open holds (ready first, then waiting oldest first), then the last 20 closed. */
export async function listHolds(ctx: AppContext, user: AuthUser): Promise<HoldList> {
  const [open, closed] = await Promise.all([
    ctx.db
      .select()
      .from(holds)
      .where(and(eq(holds.userId, user.id), inArray(holds.status, OPEN)))
      .orderBy(sql`${holds.status} = 'waiting'`, holds.placedAt, holds.id),
    ctx.db
      .select()
      .from(holds)
      .where(and(eq(holds.userId, user.id), notInArray(holds.status, OPEN)))
      .orderBy(desc(holds.closedAt), desc(holds.id))
      .limit(CLOSED_HOLDS_LISTED),
  ]);
  return {
    state: "success",
    holds: await presentHolds(ctx.db, [...open, ...closed], ctx.clock.now()),
  };
}

async function ownHold(db: Executor, userId: string, holdId: number): Promise<HoldRow> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.id, holdId), eq(holds.userId, userId)));
  if (!row) throw errors.holdNotFound();
  return row;
}

/**
 * Places a hold on a book with no copy free (design.md §7.2). The reader's row is locked first,
 * then the book's, as a borrow does: two requests of one reader cannot pass the limit of 5
 * together, and a copy freed meanwhile is seen.
 */
export async function placeHold(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
  autoBorrow: boolean,
): Promise<{ state: "success"; hold: Hold }> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockBalance(tx, user.id);
    const [book] = await lockBooksForLending(tx, [bookId]);
    if (!book || book.retiredAt) throw errors.bookNotFound();
    const [loan] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, user.id), eq(loans.bookId, bookId), isNull(loans.returnedAt)));
    if (loan) throw errors.holdOnBorrowedBook();
    const open = await tx
      .select({ bookId: holds.bookId })
      .from(holds)
      .where(and(eq(holds.userId, user.id), inArray(holds.status, OPEN)));
    if (open.some((hold) => hold.bookId === bookId)) throw errors.holdExists();
    if (book.availableCopies > 0) throw errors.copyAvailable();
    if (book.borrowTimes >= book.loanCap) throw errors.holdLendsSpent(borrowMessages.exceedLimit);
    if (open.length >= HOLD_LIMIT) throw errors.holdLimit(HOLD_LIMIT);
    const [made] = await tx
      .insert(holds)
      .values({ userId: user.id, bookId, autoBorrow, placedAt: now })
      .returning();
    return made!;
  });
  const [hold] = await presentHolds(ctx.db, [row], now);
  return { state: "success", hold: hold! };
}

/**
 * Cancels the caller's hold; a ready one's copy passes to the next in the queue. Cancelling a
 * hold cancelled already is done; one borrowed or expired has ended (409).
 */
export async function cancelHold(
  ctx: AppContext,
  user: AuthUser,
  holdId: number,
): Promise<{ state: "success" }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const hold = await ownHold(tx, user.id, holdId);
    const before = await closeOpenHold(ctx, tx, hold, "cancelled", now);
    if (before) return;
    const [after] = await tx
      .select({ status: holds.status })
      .from(holds)
      .where(eq(holds.id, holdId));
    if (after?.status !== "cancelled") throw errors.holdClosed();
  });
  ctx.mail.nudge();
  return { state: "success" };
}

/** The book of one of the caller's holds (404 for anyone else's): POST /api/holds/borrow. */
export async function bookOfHold(ctx: AppContext, user: AuthUser, holdId: number) {
  return (await ownHold(ctx.db, user.id, holdId)).bookId;
}

/**
 * What GET /api/books/get adds: the queue's length, the wait a hold placed now would have while
 * no copy is free, and with a reader the reader's open hold.
 */
export async function bookHolds(
  ctx: AppContext,
  book: BookDetail,
  user: AuthUser | null,
): Promise<BookHolds> {
  const bookId = Number(book.bookId);
  const now = ctx.clock.now();
  // While a copy is free no one waits (the queue takes every copy freed): the book detail, a hot
  // read, asks the database nothing more then, unless a reader asks for their own hold.
  const queued = book.availableCopies <= 0;
  const [[waiting], mine] = await Promise.all([
    queued
      ? ctx.db
          .select({ n: count() })
          .from(holds)
          .where(and(eq(holds.bookId, bookId), eq(holds.status, "waiting")))
      : Promise.resolve([{ n: 0 }]),
    user
      ? ctx.db
          .select()
          .from(holds)
          .where(
            and(eq(holds.userId, user.id), eq(holds.bookId, bookId), inArray(holds.status, OPEN)),
          )
      : Promise.resolve([]),
  ]);
  const holdsWaiting = waiting?.n ?? 0;
  const canQueue = queued && book.lendsLeft > 0;
  const [own] = mine;
  const myPosition = own ? (await positionsOf(ctx.db, [own])).get(own.id) : undefined;
  // One read of what the wait depends on serves the reader's place and a new hold's alike. Each
  // is its own run of the model, as My Books and a hold placed now would ask it: the same answer.
  const inputs =
    myPosition !== undefined || canQueue ? await waitInputsFor(ctx.db, bookId, now) : null;
  const waitAt = (place: number) => (inputs ? estimateWaitsAt(inputs, [place])[0] : undefined);
  const answer: BookHolds = {
    holdsWaiting,
    estimatedWaitDays: (canQueue ? waitAt(holdsWaiting + 1) : undefined) ?? null,
  };
  if (user) {
    // The hold's book is the one answered: its detail less the fields a listed book has not.
    const { state: _state, borrowTimes: _borrowTimes, ...listed } = book;
    answer.myHold = own
      ? wireHold(own, listed, myPosition, myPosition ? waitAt(myPosition) : undefined)
      : null;
  }
  return answer;
}
