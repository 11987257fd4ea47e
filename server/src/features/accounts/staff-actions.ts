import type { Role } from "@folio/contract/admin";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { users } from "../../db/schema";
import { endSessions } from "./sessions";

// What staff may change on an account (design.md §7.1): its block and its role. The rules of who
// may do it to whom are the staff console's; these only make the change, on a locked row.

export interface LockedAccount {
  id: string;
  name: string;
  email: string;
  role: Role;
  blockedAt: Date | null;
  balancePence: number;
}

/** Locks the account's row for the rest of the transaction; undefined when there is none. */
export async function lockAccount(
  tx: Transaction,
  userId: string,
): Promise<LockedAccount | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: sql<Role>`${users.role}`,
      blockedAt: users.blockedAt,
      balancePence: users.balancePence,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * Blocks the account and ends every session of it in the same transaction: whoever holds one of
 * its tokens is refused at their next call. Nothing of the account is deleted.
 */
export async function blockAccount(tx: Transaction, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ blockedAt: at }).where(eq(users.id, userId));
  await endSessions(tx, userId, at);
}

/** Lets the account sign in again; the sessions a block ended stay ended. */
export async function unblockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.update(users).set({ blockedAt: null }).where(eq(users.id, userId));
}

export async function setRole(tx: Transaction, userId: string, role: Role): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}
