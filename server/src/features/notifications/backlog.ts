import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

export interface OutboxBacklog {
  unsent: number;
  /** how long the oldest unsent mail has waited, in seconds; 0 when none waits */
  oldestAgeSeconds: number;
}

/**
 * Mails written but not yet sent, for the metrics: the worker never gives a mail up, so a
 * growing backlog or an old oldest mail means mail is not going out. Read over the partial
 * index of unsent mails (outbox_pending_idx), which stays small while mail flows.
 */
export async function outboxBacklog(db: Executor, now: Date): Promise<OutboxBacklog> {
  const [row] = await queryRows<{ unsent: number | string; oldest: Date | string | null }>(
    db,
    sql`select count(*) as unsent, min(created_at) as oldest from outbox where sent_at is null`,
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    unsent: Number(row?.unsent ?? 0),
    oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}
