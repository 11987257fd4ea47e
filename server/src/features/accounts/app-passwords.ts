// App passwords (issue 26): a reader signs an e-reader app into the OPDS catalogue with one of
// these instead of their own password. Each is a session of the account (`sessions.app_name`
// set), its token the app password: revoking it, changing the password or blocking the account
// ends it, and every signed link made under it, as any session ends. It signs in only to the
// catalogue: `authenticate` refuses it everywhere else.
import { randomInt } from "node:crypto";
import { wireId } from "@folio/contract/common";
import {
  APP_PASSWORD_LIMIT,
  type AppPassword,
  type AppPasswordCreated,
  type AppPasswordList,
} from "@folio/contract/security";
import { and, count, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import { sessions, users } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "./auth";
import { mailSecurityChange } from "./owner-mail";
import { requireRecentAuth } from "./reauth";
import { hashOf } from "./tokens";

/** An app password lives until it is revoked; the row still needs an end. */
const APP_PASSWORD_MS = 100 * 365 * DAY;

/** Five groups of four letters: 94 bits, typed easily on an e-ink keyboard. */
export function newAppPassword(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return Array.from({ length: 5 }, () =>
    Array.from({ length: 4 }, () => letters[randomInt(letters.length)]).join(""),
  ).join("-");
}

function present(row: {
  id: number;
  appName: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}): AppPassword {
  return {
    id: wireId(row.id),
    name: row.appName ?? "",
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

const liveAppPasswordsOf = (userId: string, now: Date) =>
  and(
    eq(sessions.userId, userId),
    isNotNull(sessions.appName),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

export async function listAppPasswords(ctx: AppContext, user: AuthUser): Promise<AppPasswordList> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(liveAppPasswordsOf(user.id, ctx.clock.now()))
    .orderBy(desc(sessions.id));
  return { state: "success", appPasswords: rows.map(present) };
}

/**
 * An app password is a way in that outlives the session: outside the re-authentication window
 * it takes the account's password (issue 43), and the owner is mailed.
 */
export async function createAppPassword(
  ctx: AppContext,
  user: AuthUser,
  { name, currentPassword }: { name: string; currentPassword?: string },
  ip: string,
): Promise<AppPasswordCreated> {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const now = ctx.clock.now();
  const password = newAppPassword();
  const row = await ctx.db.transaction(async (tx) => {
    // Two creates at once cannot both pass the limit: the reader's sessions are counted under
    // a lock on the account's row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [held] = await tx
      .select({ count: count() })
      .from(sessions)
      .where(liveAppPasswordsOf(user.id, now));
    if ((held?.count ?? 0) >= APP_PASSWORD_LIMIT) throw errors.appPasswordLimit();
    const [created] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        tokenHash: hashOf(password),
        createdAt: now,
        expiresAt: new Date(now.getTime() + APP_PASSWORD_MS),
        lastSeenAt: null,
        appName: name,
      })
      .returning();
    await mailSecurityChange(ctx, tx, user.id, "app_password_added", { label: name });
    return created!;
  });
  return { state: "success", appPassword: present(row), password };
}

export async function revokeAppPassword(ctx: AppContext, user: AuthUser, id: number) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(sessions.id, id), liveAppPasswordsOf(user.id, ctx.clock.now())))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw errors.appPasswordNotFound();
  return { state: "success" as const, message: "The app password has been revoked." };
}
