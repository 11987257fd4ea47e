import { borrowMessages } from "@folio/contract/constants";
import {
  CLOSED_HOLDS_LISTED,
  HOLD_LIMIT,
  type HoldStatus,
  type WaitDays,
} from "@folio/contract/holds";
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { holds, loans, type HoldRow } from "../../db/schema";
import { errors } from "../../errors";
import { type AuthUser } from "../accounts";
import { lockBalance } from "../payments";
import { closeOpenHold } from "./queue";
import { estimateWaitsAt } from "./estimate";
import { lockBooksForLending } from "./stock";
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

/** A hold with its place in the queue and its estimated wait, while it waits. */
export interface HoldView {
  hold: HoldRow;
  position: number | undefined;
  estimate: WaitDays | undefined;
}

/** Holds in the order given, each with its place and estimate while it waits. */
export async function holdViews(db: Executor, rows: HoldRow[], now: Date): Promise<HoldView[]> {
  if (rows.length === 0) return [];
  const positions = await positionsOf(db, rows);
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
  return rows.map((hold) => ({
    hold,
    position: positions.get(hold.id),
    estimate: estimates.get(hold.id),
  }));
}

/** A reader's open holds (ready first, then waiting oldest first), then the last 20 closed. */
export async function holdsOf(ctx: AppContext, userId: string): Promise<HoldView[]> {
  const [open, closed] = await Promise.all([
    ctx.db
      .select()
      .from(holds)
      .where(and(eq(holds.userId, userId), inArray(holds.status, OPEN)))
      .orderBy(sql`${holds.status} = 'waiting'`, holds.placedAt, holds.id),
    ctx.db
      .select()
      .from(holds)
      .where(and(eq(holds.userId, userId), notInArray(holds.status, OPEN)))
      .orderBy(desc(holds.closedAt), desc(holds.id))
      .limit(CLOSED_HOLDS_LISTED),
  ]);
  return holdViews(ctx.db, [...open, ...closed], ctx.clock.now());
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
): Promise<HoldView> {
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
  const [view] = await holdViews(ctx.db, [row], now);
  return view!;
}

/**
 * Cancels the caller's hold; a ready one's copy passes to the next in the queue. Cancelling a
 * hold cancelled already is done; one borrowed or expired has ended (409).
 */
export async function cancelHold(ctx: AppContext, user: AuthUser, holdId: number): Promise<void> {
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
}

/**
 * Changes whether a waiting hold is borrowed for the reader when their turn comes. Only while it
 * waits: a ready hold's copy is kept already, and a closed one is over (409 HOLD_NOT_WAITING).
 * The row is locked, as the queue locks it before making it ready, so the queue reads the choice
 * as it stands after this.
 */
export async function updateHold(
  ctx: AppContext,
  user: AuthUser,
  holdId: number,
  autoBorrow: boolean,
): Promise<HoldView> {
  const row = await ctx.db.transaction(async (tx) => {
    const [hold] = await tx
      .select()
      .from(holds)
      .where(and(eq(holds.id, holdId), eq(holds.userId, user.id)))
      .for("update");
    if (!hold) throw errors.holdNotFound();
    if (hold.status !== "waiting") throw errors.holdNotWaiting();
    if (hold.autoBorrow === autoBorrow) return hold;
    const [updated] = await tx
      .update(holds)
      .set({ autoBorrow })
      .where(eq(holds.id, holdId))
      .returning();
    return updated!;
  });
  const [view] = await holdViews(ctx.db, [row], ctx.clock.now());
  return view!;
}

/** The book of one of the caller's holds (404 for anyone else's): POST /api/holds/borrow. */
export async function bookOfHold(ctx: AppContext, user: AuthUser, holdId: number) {
  return (await ownHold(ctx.db, user.id, holdId)).bookId;
}

/** What a book's page shows of its queue (design.md §7.2). */
export interface BookQueue {
  holdsWaiting: number;
  /** the wait a hold placed now would have; null while a copy is free or none can be lent */
  estimatedWaitDays: WaitDays | null;
  /** with a reader: their open hold of the book, or null */
  myHold?: HoldView | null;
}

/**
 * What GET /api/books/get adds: the queue's length, the wait a hold placed now would have while
 * no copy is free, and with a reader the reader's open hold.
 */
export async function bookQueue(
  ctx: AppContext,
  book: { bookId: number; availableCopies: number; lendsLeft: number },
  user: AuthUser | null,
): Promise<BookQueue> {
  const { bookId } = book;
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
  const queue: BookQueue = {
    holdsWaiting,
    estimatedWaitDays: (canQueue ? waitAt(holdsWaiting + 1) : undefined) ?? null,
  };
  if (user) {
    queue.myHold = own
      ? { hold: own, position: myPosition, estimate: myPosition ? waitAt(myPosition) : undefined }
      : null;
  }
  return queue;
}
