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
