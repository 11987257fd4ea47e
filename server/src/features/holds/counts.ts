import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

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
