import type { Executor } from "../../db/client";
import { ledger } from "../../db/schema";
import { addToBalance } from "../accounts";

export type LedgerKind = "topup" | "borrow" | "renewal";

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  /** positive for money in, negative for a charge */
  amountPence: number;
  loanId?: number | null;
  at: Date;
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
    })
    .returning({ id: ledger.id });
  return { ledgerId: row!.id, balancePence };
}
