import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ledger, users } from "../../db/schema";

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
 * caller's transaction. The users CHECK refuses a balance below zero, whatever the code does.
 * Answers the ledger row's id and the new balance.
 */
export async function postToLedger(tx: Executor, entry: LedgerEntry) {
  const [user] = await tx
    .update(users)
    .set({ balancePence: sql`${users.balancePence} + ${entry.amountPence}` })
    .where(eq(users.id, entry.userId))
    .returning({ balancePence: users.balancePence });
  if (!user) throw new Error(`No user ${entry.userId} to post to`);
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
  return { ledgerId: row!.id, balancePence: user.balancePence };
}

/** Locks the reader's row for the rest of the transaction and answers the balance. */
export async function lockBalance(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balancePence: users.balancePence })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw new Error(`No user ${userId}`);
  return row.balancePence;
}
