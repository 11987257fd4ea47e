import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { autoReturnOverdue, noticeOverdue, remindDueSoon } from "./lifecycle";
import { expireReadyHolds, noticeLapsingHolds, retryAutoBorrows } from "./queue";

/** What one sweep of loans and holds did. */
export interface SweepCounts {
  autoReturned: number;
  overdueNotices: number;
  reminders: number;
  /** ready holds that asked to be borrowed for their readers and now were */
  holdsLent: number;
  holdsExpired: number;
  holdLapseNotices: number;
}

/**
 * Overdue notices, automatic returns and due-soon reminders, as of `now`; then the holds:
 * automatic borrows that could not be done before are tried again, ready holds past their 48
 * hours expire (their copies pass on) and those lapsing within 12 hours are reminded. All in
 * the caller's transaction (the scheduler's, under its lock).
 */
export async function sweepCirculation(
  ctx: AppContext,
  tx: Transaction,
  now: Date,
): Promise<SweepCounts> {
  const autoReturned = await autoReturnOverdue(ctx, tx, now);
  const overdueNotices = await noticeOverdue(ctx, tx, now);
  const reminders = await remindDueSoon(ctx, tx, now);
  const holdsLent = await retryAutoBorrows(ctx, tx);
  const holdsExpired = await expireReadyHolds(ctx, tx, now);
  const holdLapseNotices = await noticeLapsingHolds(ctx, tx, now);
  return { autoReturned, overdueNotices, reminders, holdsLent, holdsExpired, holdLapseNotices };
}

/** At login: the reader's own due-soon reminders, should the sweep not have sent them yet. */
export async function remindAtLogin(ctx: AppContext, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const sent = await ctx.db.transaction((tx) => remindDueSoon(ctx, tx, now, userId));
  if (sent > 0) ctx.mail.nudge();
}
