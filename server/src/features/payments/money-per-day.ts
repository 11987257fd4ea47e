import { sql } from "drizzle-orm";
import { bucketOf, perBucket } from "../../db/buckets";
import { queryRows, type Executor } from "../../db/client";

export interface DayMoney {
  topUpsPence: number;
  /** borrow and renewal charges, less what was refunded of them */
  chargesPence: number;
}

/** Money in and loan charges in each span between `bounds` (db/buckets.ts), oldest first. */
export async function moneyPerDay(db: Executor, bounds: Date[]): Promise<DayMoney[]> {
  const [start, end] = [bounds[0]!, bounds[bounds.length - 1]!];
  const rows = await queryRows<{ bucket: number; topups: number; charges: number }>(
    db,
    sql`select ${bucketOf(sql`created_at`, bounds)} as bucket,
        coalesce(sum(amount_pence) filter (where kind = 'topup'), 0)::int as topups,
        (coalesce(-sum(amount_pence) filter (where kind in ('borrow', 'renewal')), 0)
          - coalesce(sum(amount_pence) filter (where kind = 'refund'), 0))::int as charges
      from ledger where created_at >= ${start} and created_at < ${end}
      group by 1`,
  );
  return perBucket(
    bounds,
    rows,
    (row) => ({ topUpsPence: Number(row.topups), chargesPence: Number(row.charges) }),
    { topUpsPence: 0, chargesPence: 0 },
  );
}
