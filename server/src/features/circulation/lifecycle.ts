import { AUTO_RETURN_DAYS } from "@folio/contract/constants";
import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { calendarDaysBetween } from "../../calendar";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { books, loans, users } from "../../db/schema";
import { mailNameOf } from "../accounts";
import { enqueueMail } from "../notifications";
import { dueSoonMail, overdueMail } from "./loan-mail";
import { closeLoan } from "./loans";
import { setRecentLoans } from "./stock";

/** Reminders go when the due date is this many calendar days away (spec.md §4). */
export const DUE_SOON_DAYS = 3;
const BATCH = 200;

/**
 * Loans 7 days past due are returned, dated 7 days after their due date, so a server that was
 * down catches up with the right dates. Answers how many.
 */
export async function autoReturnOverdue(
  ctx: AppContext,
  tx: Transaction,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - AUTO_RETURN_DAYS * DAY);
  const due = await tx
    .select({ id: loans.id, bookId: loans.bookId, userId: loans.userId, dueAt: loans.dueAt })
    .from(loans)
    .where(and(isNull(loans.returnedAt), lte(loans.dueAt, cutoff)))
    .orderBy(loans.dueAt)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  let returned = 0;
  for (const loan of due) {
    const returnedAt = new Date(loan.dueAt.getTime() + AUTO_RETURN_DAYS * DAY);
    if (await closeLoan(ctx, tx, loan, returnedAt, "auto-returned")) returned += 1;
  }
  return returned;
}

/** One overdue notice per loan and due date, when a loan passes its due date. */
export async function noticeOverdue(ctx: AppContext, tx: Transaction, now: Date): Promise<number> {
  const rows = await tx
    .update(loans)
    .set({ overdueNoticeDueAt: loans.dueAt })
    .where(
      sql`${loans.id} in (select ${loans.id} from ${loans} where ${and(
        isNull(loans.returnedAt),
        lt(loans.dueAt, now),
        or(isNull(loans.overdueNoticeDueAt), sql`${loans.overdueNoticeDueAt} <> ${loans.dueAt}`),
      )} order by ${loans.dueAt} limit ${BATCH} for update skip locked)`,
    )
    .returning({ id: loans.id, userId: loans.userId, bookId: loans.bookId, dueAt: loans.dueAt });
  for (const loan of rows) {
    const recipient = await recipientOf(tx, loan.userId, loan.bookId);
    if (!recipient) continue;
    await enqueueMail(
      tx,
      {
        ...overdueMail(ctx, recipient, recipient, loan.dueAt),
        dedupeKey: `expired:${loan.id}:${loan.dueAt.toISOString()}`,
      },
      ctx.mail.format,
      now,
    );
  }
  return rows.length;
}

/**
 * One due-soon reminder per loan and due date, when the due date is 3 calendar days away in the
 * shop's time zone. A run that comes later than that (a server that was down at midnight) still
 * sends it while the loan is not yet due. With `userId`, only that reader's loans (at login).
 */
export async function remindDueSoon(
  ctx: AppContext,
  tx: Transaction,
  now: Date,
  userId?: string,
): Promise<number> {
  const conditions: SQL[] = [
    isNull(loans.returnedAt),
    gt(loans.dueAt, now),
    lt(loans.dueAt, new Date(now.getTime() + (DUE_SOON_DAYS + 1) * DAY)),
    or(isNull(loans.remindedDueAt), sql`${loans.remindedDueAt} <> ${loans.dueAt}`)!,
  ];
  if (userId) conditions.push(eq(loans.userId, userId));
  const candidates = await tx
    .select({ id: loans.id, userId: loans.userId, bookId: loans.bookId, dueAt: loans.dueAt })
    .from(loans)
    .where(and(...conditions))
    .orderBy(loans.dueAt)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  let sent = 0;
  for (const loan of candidates) {
    if (calendarDaysBetween(now, loan.dueAt, ctx.config.timeZone) > DUE_SOON_DAYS) continue;
    await tx.update(loans).set({ remindedDueAt: loan.dueAt }).where(eq(loans.id, loan.id));
    const recipient = await recipientOf(tx, loan.userId, loan.bookId);
    if (!recipient) continue;
    const written = await enqueueMail(
      tx,
      {
        ...dueSoonMail(ctx, recipient, recipient, loan.dueAt),
        dedupeKey: `due_soon:${loan.id}:${loan.dueAt.toISOString()}`,
      },
      ctx.mail.format,
      now,
    );
    if (written) sent += 1;
  }
  return sent;
}

async function recipientOf(tx: Transaction, userId: string | null, bookId: number) {
  if (!userId) return null;
  const [row] = await tx
    .select({ email: users.email, name: mailNameOf, title: books.title, author: books.author })
    .from(users)
    .innerJoin(books, eq(books.id, bookId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Popular counts loans of the last 30 days (a reader borrowing again what they had this month
 * counts once); this keeps books.recent_loans true to that.
 */
export async function refreshRecentLoans(tx: Transaction, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 30 * DAY);
  await setRecentLoans(
    tx,
    sql`select ${loans.bookId} as book_id, count(*)::int as n from ${loans}
      where ${loans.borrowedAt} > ${since} and ${loans.licenceSpent} group by ${loans.bookId}`,
  );
}
