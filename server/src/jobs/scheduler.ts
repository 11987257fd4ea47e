import { staffLimits } from "@folio/contract/staff";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { nextMidnight } from "../calendar";
import { HOUR } from "../clock";
import type { AppContext } from "../context";
import type { Transaction } from "../db/client";
import { shortId } from "../logging";
import { sweepUploads } from "../features/catalogue";
import { refreshRecentLoans, sweepCirculation, type SweepCounts } from "../features/circulation";

/** Advisory-lock keys: any numbers will do as long as every process uses the same ones. */
const LOAN_SWEEP_LOCK = 727_101;
const NIGHTLY_LOCK = 727_102;

export interface SweepReport extends SweepCounts {
  ran: boolean;
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

/** Circulation's sweep (sweepCirculation) as of the clock's now, by one process at a time. */
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
    Object.assign(report, await sweepCirculation(ctx, tx, now));
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

/** The scheduler's kinds of work, as the metrics name them. */
export type JobName = "loan_sweep" | "nightly_maintenance" | "upload_sweep";

/** What this process knows of one job's runs. */
export interface JobRecord {
  /**
   * The last attempt that ended without error: this process did the work, or found another
   * process holding the job's lock (doing it at that moment).
   */
  finishedAt?: Date;
  /** The last time this process did the work itself. */
  ranHereAt?: Date;
  /** Attempts that failed since the process started. */
  failures: number;
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
  private readonly records = new Map<JobName, JobRecord>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly sweepEveryMs = 60_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.run("catch-up sweep", "loan_sweep", this.loanSweep);
    this.run("recent loans", "nightly_maintenance", this.nightly);
    const every = setInterval(
      () => this.run("sweep", "loan_sweep", this.loanSweep),
      this.sweepEveryMs,
    );
    every.unref();
    this.timers.push(every);
    this.run("upload sweep", "upload_sweep", this.uploadSweep);
    const hourly = setInterval(
      () => this.run("upload sweep", "upload_sweep", this.uploadSweep),
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
      this.run("midnight sweep", "loan_sweep", this.loanSweep);
      this.run("nightly maintenance", "nightly_maintenance", this.nightly);
      this.scheduleMidnight();
    }, wait + 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /** Each job's last runs in this process, for the metrics. */
  jobRecords(): ReadonlyMap<JobName, Readonly<JobRecord>> {
    return this.records;
  }

  // Each answers whether this process did the work (false: another held the lock).
  private readonly loanSweep = async (log: FastifyBaseLogger) => {
    const { ran, ...counts } = await sweepLoans(this.ctx);
    // A line at info only when the sweep changed something: a quiet minute says nothing.
    if (Object.values(counts).some((n) => n > 0)) log.info(counts, "loan sweep done");
    return ran;
  };
  private readonly nightly = () => nightlyMaintenance(this.ctx);
  private readonly uploadSweep = async () => {
    await sweepOldUploads(this.ctx);
    return true;
  };

  /** Runs one job after the previous one, so this process never overlaps itself. */
  private run(
    name: string,
    job: JobName,
    work: (log: FastifyBaseLogger) => Promise<boolean>,
  ): void {
    if (this.stopped) return;
    // Every line of one run carries the job and the run's id, so one run can be followed.
    const log = this.log.child({ job, run: shortId() });
    this.running = this.running
      .then(async () => {
        const startedAt = performance.now();
        log.debug({ trigger: name }, "job started");
        const ranHere = await work(log);
        log.debug(
          { ranHere, ms: Math.round(performance.now() - startedAt) },
          ranHere ? "job done" : "job skipped: another process holds it",
        );
        const record = this.recordOf(job);
        record.finishedAt = this.ctx.clock.now();
        if (ranHere) record.ranHereAt = record.finishedAt;
      })
      .catch((error: unknown) => {
        this.recordOf(job).failures += 1;
        log.error({ err: error, trigger: name }, "scheduled job failed");
      });
  }

  private recordOf(job: JobName): JobRecord {
    let record = this.records.get(job);
    if (!record) {
      record = { failures: 0 };
      this.records.set(job, record);
    }
    return record;
  }
}
