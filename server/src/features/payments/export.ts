import { wireId } from "@folio/contract/common";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, ledger, loans } from "../../db/schema";
import { penceToPounds } from "../../money";
import { runningLedger } from "./running-ledger";

/**
 * Every ledger row of the reader, newest first, with the balance right after it, for their
 * data export (design.md §7.4). The member of staff behind an adjustment is another person's
 * data and stays out; the reason they gave is about this reader and goes in.
 */
export async function exportLedgerOf(db: Executor, userId: string) {
  const running = runningLedger(db, userId);
  const rows = await db
    .select({
      id: running.id,
      kind: running.kind,
      amountPence: running.amountPence,
      createdAt: running.createdAt,
      loanId: running.loanId,
      reason: running.reason,
      refundOf: running.refundOf,
      balancePence: running.balancePence,
      bookId: loans.bookId,
      title: books.title,
    })
    .from(running)
    .leftJoin(loans, eq(loans.id, running.loanId))
    .leftJoin(books, eq(books.id, loans.bookId))
    .orderBy(desc(running.createdAt), desc(running.id));
  return rows.map((row) => ({
    id: wireId(row.id),
    kind: row.kind,
    amount: penceToPounds(row.amountPence),
    date: row.createdAt.toISOString(),
    balanceAfter: penceToPounds(row.balancePence),
    borrowId: row.loanId === null ? null : wireId(row.loanId),
    bookId: row.bookId === null ? null : wireId(row.bookId),
    bookTitle: row.title,
    reason: row.reason,
    refundOf: row.refundOf === null ? null : wireId(row.refundOf),
  }));
}

/** The reader's top-ups, newest first, as Payment Records lists them (all, not the last 500). */
export async function exportPaymentsOf(db: Executor, userId: string) {
  const rows = await db
    .select({ id: ledger.id, amountPence: ledger.amountPence, createdAt: ledger.createdAt })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, "topup")))
    .orderBy(desc(ledger.createdAt), desc(ledger.id));
  return rows.map((row) => ({
    paymentId: wireId(row.id),
    amount: penceToPounds(row.amountPence),
    date: row.createdAt.toISOString(),
  }));
}
