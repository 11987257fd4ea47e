import type { Executor } from "../../db/client";
import { ledger } from "../../db/schema";
import { addToBalance } from "./balance";

export type LedgerKind = "topup" | "borrow" | "renewal" | "adjustment" | "refund";

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  /** positive for money in, negative for a charge */
  amountPence: number;
  loanId?: number | null;
  at: Date;
  /** why staff adjusted or refunded (the ledger's CHECK asks one of those rows) */
  reason?: string | null;
  /** the member of staff who did */
  actorId?: string | null;
  /** for a refund, the charge it gives back */
  refundOf?: number | null;
}

/**
 * The only way a balance changes: the ledger row and the balance move together, inside the
 * caller's transaction. Answers the ledger row's id and the new balance.
 */
export async function postToLedger(tx: Executor, entry: LedgerEntry) {
  const balancePence = await addToBalance(tx, entry.userId, entry.amountPence);
  const [row] = await tx
    .insert(ledger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amountPence: entry.amountPence,
      loanId: entry.loanId ?? null,
      createdAt: entry.at,
      reason: entry.reason ?? null,
      actorId: entry.actorId ?? null,
      refundOf: entry.refundOf ?? null,
    })
    .returning({ id: ledger.id });
  return { ledgerId: row!.id, balancePence };
}
