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
  /**
   * Takes a place for an attempt whose outcome is not known yet (a password about to be
   * checked), in the same statement that counts: attempts sent together cannot all read a
   * clean count and all go on. Throws 429 when the key is full; with `refuse` false it refuses
   * nothing and counts every attempt, keeping the newest (a count that says "under attack" for
   * as long as attempts keep coming). The place counts as a hit until `release`d.
   */
  reserve(key: string, limit: number, options?: { refuse?: boolean }): Promise<Reservation>;
}

export interface Reservation {
  /** The hits the key held in the window before this attempt. */
  before: number;
  /** Gives the place back: the attempt turned out not to count (a right password). */
  release(): Promise<void>;
}

/** A limit of 0: nothing counted, nothing to give back. */
const NOTHING_HELD: Reservation = { before: 0, release: async () => {} };

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

  /**
   * One statement per key: ON CONFLICT locks the key's row, so processes racing for the last
   * place in a window take it one at a time. `last_refusal` = this call's own token is how the
   * statement tells its caller that it refused. Says whether the hit was counted, and the hits
   * the key held before it.
   */
  async function take(key: string, limit: number, now: string, cutoff: string) {
    const token = randomUUID();
    const [row] = await queryRows<{ refused: boolean; held: number }>(
      db,
      sql`
      insert into rate_limit_hits as r (key, hits) values (${key}, array[${now}::timestamptz])
      on conflict (key) do update set
        hits = case when cardinality(${recent(cutoff)}) < ${limit}
          then ${recent(cutoff)} || ${now}::timestamptz else ${recent(cutoff)} end,
        last_refusal = case when cardinality(${recent(cutoff)}) < ${limit}
          then r.last_refusal else ${token} end
      returning last_refusal is not distinct from ${token} as refused, cardinality(hits) as held`,
    );
    const counted = !row?.refused;
    return { counted, before: (row?.held ?? 0) - (counted ? 1 : 0) };
  }

  /**
   * Counts a hit whatever the key holds, keeping only the newest `limit` + 1 in the window: no
   * decision needs more, and one past the limit still tells how many there were before this one
   * (up to the limit).
   */
  async function keepNewest(key: string, limit: number, now: string, cutoff: string) {
    const [row] = await queryRows<{ held: number }>(
      db,
      sql`
      insert into rate_limit_hits as r (key, hits) values (${key}, array[${now}::timestamptz])
      on conflict (key) do update set hits = array(
        select h from unnest(${recent(cutoff)} || ${now}::timestamptz) h
        order by h desc limit ${limit + 1})
      returning cardinality(hits) as held`,
    );
    return { counted: true, before: (row?.held ?? 1) - 1 };
  }

  return {
    async hit(keys, limit) {
      if (limit <= 0) return;
      const { now, cutoff } = window();
      let refused = false;
      for (const key of keys) if (!(await take(key, limit, now, cutoff)).counted) refused = true;
      await cleanup(clock.now().getTime(), cutoff);
      if (refused) throw errors.tooManyRequests();
    },

    async reserve(key, limit, { refuse = true } = {}) {
      if (limit <= 0) return NOTHING_HELD;
      const { now, cutoff } = window();
      const { counted, before } = refuse
        ? await take(key, limit, now, cutoff)
        : await keepNewest(key, limit, now, cutoff);
      if (!counted) throw errors.tooManyRequests();
      return {
        before,
        // One hit at that instant goes; another attempt's hit at the same instant is the same.
        async release() {
          await db.execute(sql`
            update rate_limit_hits r set hits = r.hits[:p.at - 1] || r.hits[p.at + 1:]
            from (select array_position(hits, ${now}::timestamptz) as at
                  from rate_limit_hits where key = ${key}) p
            where r.key = ${key} and p.at is not null`);
        },
      };
    },
  };
}
