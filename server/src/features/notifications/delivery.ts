import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import { outbox, type OutboxRow } from "../../db/schema";
import type { MailTransport } from "./transport";

const BATCH = 20;
/** A claimed mail is held this long; a worker that died mid-send lets another retry it after. */
export const DEFAULT_CLAIM_MS = 2 * 60_000;
/** Mails sent at once, over the SMTP transport's pool of as many connections. */
const PARALLEL_SENDS = 5;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;
/** While the mail server cannot be reached at all, everything is tried again at least this often. */
const MAX_OUTAGE_RETRY_MS = 60_000;

export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/** Errors that say the mail server could not be reached, not that it refused this mail. */
const UNREACHABLE = new Set([
  "ECONNECTION",
  "ECONNREFUSED",
  "ECONNRESET",
  "EDNS",
  "EHOSTUNREACH",
  "ESOCKET",
  "ETIMEDOUT",
]);
const unreachable = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  UNREACHABLE.has(String((error as { code?: unknown }).code));

type Outcome = "sent" | "refused" | "unreachable";

export interface MailDeliveryOptions {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** how long a claim holds a mail (MAIL_CLAIM_SECONDS); DEFAULT_CLAIM_MS unless set */
  claimMs?: number;
}

/**
 * Sends what the outbox holds. Claims a batch in one short transaction (SKIP LOCKED, so several
 * processes share the work without sending a mail twice), sends outside any transaction, then
 * marks each sent, or schedules a retry with exponential backoff. Nothing is ever dropped.
 */
export class MailDelivery {
  private timer: NodeJS.Timeout | null = null;
  /** passes in a row that found the mail server unreachable */
  private outages = 0;
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
      // Stopping ends the pass after the batch in hand: a backlog must not hold up shutdown.
      while (!this.stopped) {
        const batch = await this.claim();
        if (batch.length === 0) return sent;
        const outcomes = await this.sendAll(batch);
        sent += outcomes.filter((o) => o === "sent").length;
        const down = batch.filter((_, i) => outcomes[i] === "unreachable");
        if (down.length > 0) {
          await this.waitForServer(down);
          return sent;
        }
        this.outages = 0;
        if (batch.length < BATCH) return sent;
      }
      return sent;
    } catch (error) {
      this.options.log.error({ err: error }, "mail delivery pass failed");
      return sent;
    }
  }

  /**
   * Sends PARALLEL_SENDS at a time and marks each group's sent mails in one update: one commit
   * per group rather than per mail (on the embedded database every commit is a write to disk).
   */
  private async sendAll(batch: OutboxRow[]): Promise<Outcome[]> {
    const { db, clock } = this.options;
    const outcomes: Outcome[] = [];
    for (let i = 0; i < batch.length; i += PARALLEL_SENDS) {
      const group = batch.slice(i, i + PARALLEL_SENDS);
      const results = await Promise.all(group.map((m) => this.send(m)));
      const sent = group.filter((_, j) => results[j] === "sent").map((m) => m.id);
      if (sent.length > 0)
        await db
          .update(outbox)
          .set({ sentAt: clock.now(), lockedUntil: null, lastError: null })
          .where(inArray(outbox.id, sent));
      outcomes.push(...results);
    }
    return outcomes;
  }

  /**
   * The mail server is down: the mails are not at fault, so they do not each back off further
   * and further. All of them are tried again together after one delay that doubles with each
   * pass that finds the server down, up to a minute, so they all go soon after it is back.
   */
  private async waitForServer(mails: OutboxRow[]): Promise<void> {
    const { db, clock, log } = this.options;
    this.outages += 1;
    const delay = Math.min(retryDelayMs(this.outages), MAX_OUTAGE_RETRY_MS);
    log.warn(
      { mails: mails.length, mailIds: mails.map((m) => m.id), retryInMs: delay },
      "mail server unreachable; will retry",
    );
    await db
      .update(outbox)
      .set({ lockedUntil: null, nextAttemptAt: new Date(clock.now().getTime() + delay) })
      .where(
        inArray(
          outbox.id,
          mails.map((m) => m.id),
        ),
      );
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
        lockedUntil: new Date(now.getTime() + (this.options.claimMs ?? DEFAULT_CLAIM_MS)),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async send(mail: OutboxRow): Promise<Outcome> {
    const { db, transport, clock, from } = this.options;
    // Every line about this mail names it, never what it says: its body may hold a reset link.
    const log = this.options.log.child({ mail: mail.id, kind: mail.type });
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
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (unreachable(error)) {
        log.debug({ attempts: mail.attempts, err: lastError }, "mail server unreachable");
        await db.update(outbox).set({ lastError }).where(eq(outbox.id, mail.id));
        return "unreachable";
      }
      log.warn({ attempts: mail.attempts, err: lastError }, "mail refused; will retry");
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError,
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)),
        })
        .where(eq(outbox.id, mail.id));
      return "refused";
    }
    log.info({ attempts: mail.attempts }, "mail sent");
    return "sent";
  }
}
