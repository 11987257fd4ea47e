import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import type { MailTransport } from "../features/notifications/transport";

const BATCH = 20;
/** A claimed mail is held this long; a worker that died mid-send lets another retry it after. */
const CLAIM_MS = 2 * 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;

export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface MailDeliveryOptions {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
}

/**
 * Sends what the outbox holds. Claims a batch in one short transaction (SKIP LOCKED, so several
 * processes share the work without sending a mail twice), sends outside any transaction, then
 * marks each sent, or schedules a retry with exponential backoff. Nothing is ever dropped.
 */
export class MailDelivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly options: MailDeliveryOptions) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.deliverDue().finally(tick);
      }, this.options.pollMs ?? 2_000);
      this.timer.unref();
    };
    tick();
  }

  /** Delivers soon rather than at the next poll: called after a change that wrote mail. */
  nudge(): void {
    if (!this.stopped && this.timer) void this.deliverDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over the mail that is due; answers how many were sent. Never throws. */
  deliverDue(): Promise<number> {
    // One pass at a time in this process; other processes are kept apart by the claim.
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const batch = await this.claim();
        if (batch.length === 0) return sent;
        for (const mail of batch) if (await this.send(mail)) sent += 1;
        if (batch.length < BATCH) return sent;
      }
    } catch (error) {
      this.options.log.error({ err: error }, "mail delivery pass failed");
      return sent;
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const { db, clock } = this.options;
    const now = clock.now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.sentAt),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({
        lockedUntil: new Date(now.getTime() + CLAIM_MS),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async send(mail: OutboxRow): Promise<boolean> {
    const { db, transport, clock, from, log } = this.options;
    try {
      await transport.send({
        id: mail.id,
        type: mail.type,
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await db
        .update(outbox)
        .set({ sentAt: clock.now(), lockedUntil: null, lastError: null })
        .where(eq(outbox.id, mail.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, err: message },
        "mail not delivered; will retry",
      );
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)),
        })
        .where(eq(outbox.id, mail.id));
      return false;
    }
  }
}
