import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";

// A reader's balance is payments' column of `users` (decision 035): accounts owns the row, the
// money in it is payments'. The ledger is the only caller of addToBalance: a balance moves only
// with a ledger row beside it.

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

/**
 * The balance with the reader's row locked, as lockBalance, but only if no one else holds that
 * row now: null then, and for a blocked account. Work that already holds a book's row (a copy
 * freed for a hold that borrows itself) takes the reader's row this way, so it never waits
 * against a borrow that holds the reader's row and waits for the book's.
 */
export async function tryLockBalance(tx: Executor, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ balancePence: users.balancePence, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update", { skipLocked: true });
  if (!row || row.blockedAt) return null;
  return row.balancePence;
}

/**
 * Moves the balance by `amountPence` (negative for a charge) and answers the new balance. The
 * users CHECK refuses a balance below zero, whatever the caller does.
 */
export async function addToBalance(
  tx: Executor,
  userId: string,
  amountPence: number,
): Promise<number> {
  const [user] = await tx
    .update(users)
    .set({ balancePence: sql`${users.balancePence} + ${amountPence}` })
    .where(eq(users.id, userId))
    .returning({ balancePence: users.balancePence });
  if (!user) throw new Error(`No user ${userId} to post to`);
  return user.balancePence;
}
