import { lt, sql } from "drizzle-orm";
import type { Clock } from "./clock";
import type { Database } from "./db/client";
import { rateLimits } from "./db/schema";
import { errors } from "./errors";

export interface RateLimiter {
  /** Counts one request against each key; throws 429 when any key is over its limit. */
  hit(keys: readonly string[], limitPerWindow: number): Promise<void>;
}

/**
 * Fixed windows counted in the database, so every server process sees the same counts.
 * A limit of 0 turns the check off (load tests and benchmarks).
 */
export function createRateLimiter(db: Database, clock: Clock, windowMs = 60_000): RateLimiter {
  let lastCleanup = 0;
  return {
    async hit(keys, limit) {
      if (limit <= 0) return;
      const now = clock.now().getTime();
      const windowStart = new Date(now - (now % windowMs));
      let over = false;
      for (const key of keys) {
        const [row] = await db
          .insert(rateLimits)
          .values({ key, windowStart, hits: 1 })
          .onConflictDoUpdate({
            target: [rateLimits.key, rateLimits.windowStart],
            set: { hits: sql`${rateLimits.hits} + 1` },
          })
          .returning({ hits: rateLimits.hits });
        if ((row?.hits ?? 0) > limit) over = true;
      }
      if (now - lastCleanup > windowMs) {
        lastCleanup = now;
        await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * windowMs)));
      }
      if (over) throw errors.tooManyRequests();
    },
  };
}
