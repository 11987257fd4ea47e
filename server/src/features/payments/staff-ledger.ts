import type { AdminLedgerEntry } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { books, loans, users } from "../../db/schema";
import { penceToPounds } from "../../money";
import { runningLedger } from "./running-ledger";

const actors = alias(users, "actor");

/**
 * A reader's ledger as the staff console shows it, newest first: each row with the balance right
 * after it (runningLedger), the book a charge or refund was for, who made a staff entry and why,
 * and for a charge how much of it can still be refunded. With `ledgerId`, that one row.
 */
export async function staffLedgerOf(
  db: Executor,
  userId: string,
  options: { limit: number; ledgerId?: number },
): Promise<AdminLedgerEntry[]> {
  const running = runningLedger(db, userId);
  const refundedPence = sql<number>`(select coalesce(sum(refund.amount_pence), 0)::int
    from ledger refund where refund.refund_of = ${running.id})`;
  const rows = await db
    .select({
      id: running.id,
      kind: running.kind,
      amountPence: running.amountPence,
      createdAt: running.createdAt,
      balancePence: running.balancePence,
      loanId: running.loanId,
      title: books.title,
      reason: running.reason,
      actorEmail: actors.email,
      refundOf: running.refundOf,
      refundablePence: sql<number | null>`case when ${running.kind} in ('borrow', 'renewal')
        then -${running.amountPence} - ${refundedPence} end`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(running)
    .leftJoin(loans, eq(loans.id, running.loanId))
    .leftJoin(books, eq(books.id, loans.bookId))
    .leftJoin(actors, eq(actors.id, running.actorId))
    .where(options.ledgerId === undefined ? undefined : eq(running.id, options.ledgerId))
    .orderBy(desc(running.createdAt), desc(running.id))
    .limit(options.limit);
  return rows.map((row) => ({
    ledgerId: wireId(row.id),
    kind: row.kind as AdminLedgerEntry["kind"],
    amount: penceToPounds(row.amountPence),
    date: row.createdAt.toISOString(),
    balanceAfter: penceToPounds(row.balancePence),
    loanId: row.loanId === null ? null : wireId(row.loanId),
    bookTitle: row.title,
    reason: row.reason,
    actorEmail: row.actorEmail,
    refundOf: row.refundOf === null ? null : wireId(row.refundOf),
    refundable: row.refundablePence === null ? null : penceToPounds(row.refundablePence),
  }));
}
