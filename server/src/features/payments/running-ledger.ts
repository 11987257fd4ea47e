import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ledger } from "../../db/schema";

/**
 * A reader's ledger rows, each with the balance right after it: a window sum over all their
 * rows in the order they were written (created_at, id), so a row's balance is right on any page,
 * not only the first (decision 018). The subquery the statement, the staff console and the
 * reader's export all read; page it from outside, newest first.
 */
export function runningLedger(db: Executor, userId: string) {
  return db
    .select({
      id: ledger.id,
      kind: ledger.kind,
      amountPence: ledger.amountPence,
      createdAt: ledger.createdAt,
      loanId: ledger.loanId,
      reason: ledger.reason,
      actorId: ledger.actorId,
      refundOf: ledger.refundOf,
      balancePence:
        sql<number>`(sum(${ledger.amountPence}) over (order by ${ledger.createdAt}, ${ledger.id}))::int`
          .mapWith(Number)
          .as("balance_after_pence"),
    })
    .from(ledger)
    .where(eq(ledger.userId, userId))
    .as("running");
}
