import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

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
