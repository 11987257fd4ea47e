import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Clock } from "./clock";
import { queryRows, type Database } from "./db/client";
import { errors } from "./errors";

export interface RateLimiter {
  /**
   * Counts one request against each key, unless that key already had `limit` in the last
   * window; throws 429 when any key had.
   */
  hit(keys: readonly string[], limit: number): Promise<void>;
  /** Counts a hit (a failed login, say) against each key without refusing anything. */
  record(keys: readonly string[], limit: number): Promise<void>;
  /** The hits a key had in the last window, without counting one. */
  count(key: string): Promise<number>;
}

/**
 * Sliding windows kept in the database, so every server process sees the same counts: each key
 * holds the times of its hits in the last window (never more than the limit's worth), and a
 * request is refused while the window holds `limit` of them, so no 60 seconds ever let more than
 * `limit` through, whichever minute they straddle. A limit of 0 turns the check off (load tests
 * and benchmarks).
 */
export function createRateLimiter(db: Database, clock: Clock, windowMs = 60_000): RateLimiter {
  let lastCleanup = 0;
  const window = () => {
    const now = clock.now();
    return { now: now.toISOString(), cutoff: new Date(now.getTime() - windowMs).toISOString() };
  };
  const recent = (cutoff: string) =>
    sql`array(select h from unnest(r.hits) h where h > ${cutoff}::timestamptz order by h)`;

  async function cleanup(nowMs: number, cutoff: string) {
    if (nowMs - lastCleanup < windowMs) return;
    lastCleanup = nowMs;
    await db.execute(sql`
      delete from rate_limit_hits r
      where not exists (select 1 from unnest(r.hits) h where h > ${cutoff}::timestamptz)`);
  }

  return {
    async hit(keys, limit) {
      if (limit <= 0) return;
      const { now, cutoff } = window();
      // One statement per key: ON CONFLICT locks the key's row, so processes racing for the
      // last place in a window take it one at a time. `last_refusal` = this request's own token
      // is how the statement tells its caller that it refused.
      const token = randomUUID();
      let refused = false;
      for (const key of keys) {
        const [row] = await queryRows<{ refused: boolean }>(
          db,
          sql`
          insert into rate_limit_hits as r (key, hits) values (${key}, array[${now}::timestamptz])
          on conflict (key) do update set
            hits = case when cardinality(${recent(cutoff)}) < ${limit}
              then ${recent(cutoff)} || ${now}::timestamptz else ${recent(cutoff)} end,
            last_refusal = case when cardinality(${recent(cutoff)}) < ${limit}
              then r.last_refusal else ${token} end
          returning last_refusal is not distinct from ${token} as refused`,
        );
        if (row?.refused) refused = true;
      }
      await cleanup(clock.now().getTime(), cutoff);
      if (refused) throw errors.tooManyRequests();
    },

    async record(keys, limit) {
      if (limit <= 0) return;
      const { now, cutoff } = window();
      for (const key of keys) {
        // Only the newest `limit` hits matter to any decision; older ones are let go.
        await db.execute(sql`
          insert into rate_limit_hits as r (key, hits) values (${key}, array[${now}::timestamptz])
          on conflict (key) do update set hits = array(
            select h from unnest(r.hits || ${now}::timestamptz) h
            where h > ${cutoff}::timestamptz order by h desc limit ${limit})`);
      }
    },

    async count(key) {
      const { cutoff } = window();
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from rate_limit_hits r, unnest(r.hits) h
            where r.key = ${key} and h > ${cutoff}::timestamptz`,
      );
      return row?.n ?? 0;
    },
  };
}
