import type { Role } from "@folio/contract/admin";
import type { Database } from "../../db/client";
import { setRoleByEmail } from "../accounts";
import { recordAudit } from "./audit";

export type GrantOutcome =
  | { status: "granted"; userId: string; before: Role; after: Role }
  | { status: "unchanged"; userId: string; role: Role }
  | { status: "no-account" };

/**
 * Gives the account with this email a role, from outside the web app (npm run admin, the
 * ADMIN_EMAIL setting): the first admin has nobody to grant it. Audited with `by` as the actor.
 */
export async function grantRole(
  db: Database,
  email: string,
  role: Role,
  by: string,
  now: Date = new Date(),
): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const change = await setRoleByEmail(tx, email, role);
    if (!change) return { status: "no-account" as const };
    if (change.before === role)
      return { status: "unchanged" as const, userId: change.userId, role };
    await recordAudit(
      tx,
      { id: null, email: by },
      {
        action: "reader.role",
        targetType: "user",
        targetId: change.userId,
        before: { role: change.before },
        after: { role },
      },
      now,
    );
    return {
      status: "granted" as const,
      userId: change.userId,
      before: change.before,
      after: role,
    };
  });
}
