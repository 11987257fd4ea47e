import type { Role } from "@folio/contract/admin";
import { normalizeEmail } from "@folio/contract/constants";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Sets the role of the account with this email, locking its row; answers the role before, or
 * undefined when there is no such account.
 */
export async function setRoleByEmail(
  tx: Transaction,
  email: string,
  role: Role,
): Promise<{ userId: string; before: Role } | undefined> {
  const [row] = await tx
    .select({ id: users.id, role: sql<Role>`${users.role}` })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .for("update");
  if (!row) return undefined;
  if (row.role !== role) await tx.update(users).set({ role }).where(eq(users.id, row.id));
  return { userId: row.id, before: row.role };
}
