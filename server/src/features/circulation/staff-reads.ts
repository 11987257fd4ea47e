import { wireId } from "@folio/contract/common";
import {
  openHoldStatuses,
  type AdminBookHold,
  type AdminBookHolds,
  type AdminHoldQueue,
  type AdminHoldQueues,
  type HoldStatus,
} from "@folio/contract/holds";
import { and, asc, countDistinct, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, holds, users } from "../../db/schema";
import { errors } from "../../errors";

// What the staff console reads of holds (design.md §7.1, §7.2). Reads only: every write to
// `holds` stays in queue.ts and service.ts.

/** Closed holds a book's staff view lists after the open ones. */
export const CLOSED_HOLDS_FOR_STAFF = 50;

const OPEN = [...openHoldStatuses];

interface QueueRow {
  bookId: number;
  title: string;
  author: string;
  copies: number;
  availableCopies: number;
  waiting: number | string;
  ready: number | string;
}

function presentQueue(row: QueueRow): AdminHoldQueue {
  const waiting = Number(row.waiting);
  return {
    bookId: wireId(row.bookId),
    title: row.title,
    author: row.author,
    copies: row.copies,
    availableCopies: row.availableCopies,
    waiting,
    ready: Number(row.ready),
    waitingPerCopy: Math.round((waiting / Math.max(row.copies, 1)) * 100) / 100,
  };
}

/**
 * Books with at least one open hold, the longest queue against its copies first (then the longer
 * queue, then by title), a page at a time. A book with no copies counts as having one, so its
 * ratio stays a number.
 */
export async function holdQueues(
  db: Executor,
  paging: { page: number; pageSize: number },
): Promise<AdminHoldQueues> {
  const { page, pageSize } = paging;
  const counts = db
    .select({
      bookId: holds.bookId,
      waiting: sql<number>`(count(*) filter (where ${holds.status} = 'waiting'))::int`.as(
        "waiting",
      ),
      ready: sql<number>`(count(*) filter (where ${holds.status} = 'ready'))::int`.as("ready"),
    })
    .from(holds)
    .where(inArray(holds.status, OPEN))
    .groupBy(holds.bookId)
    .as("hold_counts");
  const perCopy = sql`${counts.waiting}::numeric / greatest(${books.totalCopies}, 1)`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        bookId: books.id,
        title: books.title,
        author: books.author,
        copies: books.totalCopies,
        availableCopies: books.availableCopies,
        waiting: counts.waiting,
        ready: counts.ready,
      })
      .from(counts)
      .innerJoin(books, eq(books.id, counts.bookId))
      .orderBy(desc(perCopy), desc(counts.waiting), asc(books.title), asc(books.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: countDistinct(holds.bookId) })
      .from(holds)
      .where(inArray(holds.status, OPEN)),
  ]);
  return {
    state: "success",
    queues: rows.map(presentQueue),
    page,
    pageSize,
    total: Number(totals?.total ?? 0),
  };
}

function selectBookHolds(db: Executor) {
  return db
    .select({
      id: holds.id,
      userId: holds.userId,
      readerName: users.name,
      readerEmail: users.email,
      status: holds.status,
      placedAt: holds.placedAt,
      readyUntil: holds.readyUntil,
      closedAt: holds.closedAt,
      autoBorrow: holds.autoBorrow,
    })
    .from(holds)
    .innerJoin(users, eq(users.id, holds.userId));
}

type BookHoldRow = Awaited<ReturnType<ReturnType<typeof selectBookHolds>["execute"]>>[number];

function presentBookHold(row: BookHoldRow, position: number | null): AdminBookHold {
  return {
    holdId: wireId(row.id),
    userId: row.userId,
    readerName: row.readerName,
    readerEmail: row.readerEmail,
    status: row.status as HoldStatus,
    position,
    placedAt: row.placedAt.toISOString(),
    readyUntil: row.status === "ready" ? (row.readyUntil?.toISOString() ?? null) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    autoBorrow: row.autoBorrow,
  };
}

/**
 * One book's holds for staff, with its queue's figures: the open ones (ready, then waiting in
 * queue order with their place), then the last 50 closed ones, newest first. A retired book is
 * still found.
 */
export async function holdsOfBook(db: Executor, bookId: number): Promise<AdminBookHolds> {
  const [book] = await db
    .select({
      bookId: books.id,
      title: books.title,
      author: books.author,
      copies: books.totalCopies,
      availableCopies: books.availableCopies,
    })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw errors.bookNotFound();
  const [open, closed] = await Promise.all([
    selectBookHolds(db)
      .where(and(eq(holds.bookId, bookId), inArray(holds.status, OPEN)))
      .orderBy(sql`${holds.status} = 'waiting'`, asc(holds.placedAt), asc(holds.id)),
    selectBookHolds(db)
      .where(and(eq(holds.bookId, bookId), notInArray(holds.status, OPEN)))
      .orderBy(desc(holds.closedAt), desc(holds.id))
      .limit(CLOSED_HOLDS_FOR_STAFF),
  ]);
  // Every waiting hold of the book is listed, in queue order: its place is its rank here.
  let place = 0;
  const count = (status: HoldStatus) => open.filter((row) => row.status === status).length;
  return {
    state: "success",
    book: presentQueue({ ...book, waiting: count("waiting"), ready: count("ready") }),
    holds: [
      ...open.map((row) => presentBookHold(row, row.status === "waiting" ? ++place : null)),
      ...closed.map((row) => presentBookHold(row, null)),
    ],
  };
}
