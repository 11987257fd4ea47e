import { staffLimits } from "@folio/contract/staff";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { nextMidnight } from "../calendar";
import { HOUR } from "../clock";
import type { AppContext } from "../context";
import type { Transaction } from "../db/client";
import { sweepUploads } from "../features/catalogue";
import { expireReadyHolds, noticeLapsingHolds, retryAutoBorrows } from "../features/holds";
import {
  autoReturnOverdue,
  lendKeptCopy,
  noticeOverdue,
  refreshRecentLoans,
  remindDueSoon,
} from "../features/loans";

/** Advisory-lock keys: any numbers will do as long as every process uses the same ones. */
const LOAN_SWEEP_LOCK = 727_101;
const NIGHTLY_LOCK = 727_102;

export interface SweepReport {
  ran: boolean;
  autoReturned: number;
  overdueNotices: number;
  reminders: number;
  /** ready holds that asked to be borrowed for their readers and now were */
  holdsLent: number;
  holdsExpired: number;
  holdLapseNotices: number;
}

/**
 * Runs `work` in one transaction holding a transaction-level advisory lock, or not at all if
 * another process holds it: with several servers on one PostgreSQL, one does each run.
 */
async function underLock(
  ctx: AppContext,
  key: number,
  work: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const result: unknown = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${key}) as locked`,
    );
    const [row] = (result as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return false;
    await work(tx);
    return true;
  });
}

/**
 * Overdue notices, automatic returns and due-soon reminders, as of the clock's now; then the
 * holds: automatic borrows that could not be done before are tried again, ready holds past
 * their 48 hours expire (their copies pass on) and those lapsing within 12 hours are reminded.
 */
export async function sweepLoans(ctx: AppContext): Promise<SweepReport> {
  const report: SweepReport = {
    ran: false,
    autoReturned: 0,
    overdueNotices: 0,
    reminders: 0,
    holdsLent: 0,
    holdsExpired: 0,
    holdLapseNotices: 0,
  };
  const now = ctx.clock.now();
  report.ran = await underLock(ctx, LOAN_SWEEP_LOCK, async (tx) => {
    report.autoReturned = await autoReturnOverdue(ctx, tx, now);
    report.overdueNotices = await noticeOverdue(ctx, tx, now);
    report.reminders = await remindDueSoon(ctx, tx, now);
    report.holdsLent = await retryAutoBorrows(ctx, tx, lendKeptCopy);
    report.holdsExpired = await expireReadyHolds(ctx, tx, now);
    report.holdLapseNotices = await noticeLapsingHolds(ctx, tx, now);
  });
  const { ran: _ran, ...counts } = report;
  if (Object.values(counts).some((n) => n > 0)) ctx.mail.nudge();
  return report;
}

/**
 * Throws away the EPUB uploads no book was made of within staffLimits.uploadKeepHours. Every
 * process may run it: deleting a file twice is harmless.
 */
export function sweepOldUploads(ctx: AppContext): Promise<number> {
  return sweepUploads(ctx.content, ctx.clock.now(), staffLimits.uploadKeepHours * HOUR);
}

export async function nightlyMaintenance(ctx: AppContext): Promise<boolean> {
  return underLock(ctx, NIGHTLY_LOCK, (tx) => refreshRecentLoans(tx, ctx.clock.now()));
}

/**
 * Starts the periodic work: a loan sweep at start (catching up after downtime), every minute,
 * and at each local midnight of the shop's time zone, with the nightly maintenance then; the
 * sweep of old uploads at start and every hour.
 */
export class Scheduler {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly sweepEveryMs = 60_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.run("catch-up sweep", () => sweepLoans(this.ctx));
    this.run("recent loans", () => nightlyMaintenance(this.ctx));
    const every = setInterval(
      () => this.run("sweep", () => sweepLoans(this.ctx)),
      this.sweepEveryMs,
    );
    every.unref();
    this.timers.push(every);
    this.run("upload sweep", () => sweepOldUploads(this.ctx));
    const hourly = setInterval(
      () => this.run("upload sweep", () => sweepOldUploads(this.ctx)),
      HOUR,
    );
    hourly.unref();
    this.timers.push(hourly);
    this.scheduleMidnight();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }

  private scheduleMidnight(): void {
    const now = this.ctx.clock.now();
    const wait = nextMidnight(now, this.ctx.config.timeZone).getTime() - now.getTime();
    const timer = setTimeout(() => {
      this.run("midnight sweep", () => sweepLoans(this.ctx));
      this.run("nightly maintenance", () => nightlyMaintenance(this.ctx));
      this.scheduleMidnight();
    }, wait + 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /** Runs one job after the previous one, so this process never overlaps itself. */
  private run(name: string, job: () => Promise<unknown>): void {
    if (this.stopped) return;
    this.running = this.running
      .then(job)
      .catch((error: unknown) => this.log.error({ err: error, job: name }, "scheduled job failed"));
  }
}
