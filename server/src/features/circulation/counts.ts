import { sql } from "drizzle-orm";
import { DAY } from "../../clock";
import { bucketOf, perBucket } from "../../db/buckets";
import { queryRows, type Executor } from "../../db/client";
import { DUE_SOON_DEFAULT_DAYS } from "./staff-loans";

/**
 * Loans not yet returned, for the metrics. Counted over the partial index of open loans
 * (loans_open_due_idx), so its cost follows the open loans, not the whole history.
 */
export async function countOpenLoans(db: Executor): Promise<number> {
  const [row] = await queryRows<{ open: number | string }>(
    db,
    sql`select count(*) as open from loans where returned_at is null`,
  );
  return Number(row?.open ?? 0);
}

export interface OpenHoldCounts {
  waiting: number;
  ready: number;
}

/**
 * Open holds by state, for the metrics. Each count reads its own partial index (holds_queue_idx,
 * holds_ready_idx), so neither touches the closed holds of the past.
 */
export async function countOpenHolds(db: Executor): Promise<OpenHoldCounts> {
  const [row] = await queryRows<{ waiting: number | string; ready: number | string }>(
    db,
    sql`select (select count(*) from holds where status = 'waiting') as waiting,
               (select count(*) from holds where status = 'ready') as ready`,
  );
  return { waiting: Number(row?.waiting ?? 0), ready: Number(row?.ready ?? 0) };
}

/** Each book's loans not yet returned, for the staff console's book list (loans_book_idx). */
export async function openLoansPerBook(
  db: Executor,
  bookIds: number[],
): Promise<Map<number, number>> {
  if (bookIds.length === 0) return new Map();
  const rows = await queryRows<{ book_id: number | string; open: number | string }>(
    db,
    sql`select book_id, count(*) as open from loans
      where returned_at is null and book_id in (${sql.join(
        bookIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by book_id`,
  );
  return new Map(rows.map((row) => [Number(row.book_id), Number(row.open)]));
}

/**
 * Each reader's loans not yet returned, for the staff console's readers: read off the partial
 * index of open loans by reader (loans_one_open_per_reader_book).
 */
export async function openLoansPerReader(
  db: Executor,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; open: number | string }>(
    db,
    sql`select user_id, count(*) as open from loans
      where returned_at is null and user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.open)]));
}

export interface OpenLoanCounts {
  open: number;
  overdue: number;
  /** due within DUE_SOON_DEFAULT_DAYS, as the staff console's "due soon" list */
  dueSoon: number;
}

/** Loans not yet returned, and those of them past due or due soon, for the staff overview. */
export async function openLoanCounts(db: Executor, now: Date): Promise<OpenLoanCounts> {
  const soon = new Date(now.getTime() + DUE_SOON_DEFAULT_DAYS * DAY);
  const [row] = await queryRows<{ open: number; overdue: number; due_soon: number }>(
    db,
    sql`select
        count(*)::int as open,
        (count(*) filter (where due_at < ${now}))::int as overdue,
        (count(*) filter (where due_at >= ${now} and due_at < ${soon}))::int as due_soon
      from loans where returned_at is null`,
  );
  return {
    open: Number(row?.open ?? 0),
    overdue: Number(row?.overdue ?? 0),
    dueSoon: Number(row?.due_soon ?? 0),
  };
}

/** Loans made in each span between `bounds` (db/buckets.ts), oldest first, for the overview. */
export async function loansPerDay(db: Executor, bounds: Date[]): Promise<number[]> {
  const [start, end] = [bounds[0]!, bounds[bounds.length - 1]!];
  const rows = await queryRows<{ bucket: number; loans: number }>(
    db,
    sql`select ${bucketOf(sql`borrowed_at`, bounds)} as bucket, count(*)::int as loans
      from loans where borrowed_at >= ${start} and borrowed_at < ${end}
      group by 1`,
  );
  return perBucket(bounds, rows, (row) => Number(row.loans), 0);
}

export interface BorrowedBook {
  bookId: number;
  title: string;
  author: string;
  loans: number;
}

/** The books lent most often in `period`, most first (then by title), at most `limit`. */
export async function mostBorrowed(
  db: Executor,
  period: { start: Date; end: Date },
  limit: number,
): Promise<BorrowedBook[]> {
  const rows = await queryRows<{ book_id: number; title: string; author: string; loans: number }>(
    db,
    sql`select b.id as book_id, b.title, b.author, l.loans
      from (select book_id, count(*)::int as loans from loans
            where borrowed_at >= ${period.start} and borrowed_at < ${period.end}
            group by book_id order by count(*) desc, book_id limit ${limit}) l
      join books b on b.id = l.book_id
      order by l.loans desc, b.title, b.id`,
  );
  return rows.map((row) => ({
    bookId: Number(row.book_id),
    title: row.title,
    author: row.author,
    loans: Number(row.loans),
  }));
}
