import { sql, type SQL } from "drizzle-orm";

/**
 * The span between consecutive `bounds` (ascending instants) that `instant` falls in, counted
 * from 1 as width_bucket does: bounds[i - 1] <= instant < bounds[i] is bucket i. Days computed in
 * the application and bucketed in SQL need no time-zone data in the database.
 */
export function bucketOf(instant: SQL, bounds: Date[]): SQL {
  // A PostgreSQL array literal of instants: ISO text holds no comma, quote or brace.
  const array = `{${bounds.map((b) => b.toISOString()).join(",")}}`;
  return sql`width_bucket(${instant}, ${array}::timestamptz[])`;
}

/** One value per span between `bounds`, oldest first: its row's, or `empty` when it has none. */
export function perBucket<Row extends { bucket: number | string }, T>(
  bounds: Date[],
  rows: Row[],
  value: (row: Row) => T,
  empty: T,
): T[] {
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return bounds.slice(0, -1).map((_, i) => {
    const row = byBucket.get(i + 1);
    return row ? value(row) : empty;
  });
}
