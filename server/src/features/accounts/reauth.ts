// Re-authentication (design.md §7.4): changing email or password, turning two-factor off,
// removing a passkey and deleting the account need the current password, unless this session
// signed in within the last REAUTH_WINDOW_MINUTES. A stolen session alone cannot take the account.
import { REAUTH_WINDOW_MINUTES } from "@folio/contract/security";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "./auth";
import { verifyPassword } from "./passwords";

const WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/**
 * Passes when `currentPassword` is the account's password or, with none given, when the session
 * is fresh; else 403 REAUTH_REQUIRED (none given) or WRONG_PASSWORD. A password sent is always
 * checked, and wrong ones are limited as logins are.
 */
export async function requireRecentAuth(
  ctx: AppContext,
  user: AuthUser,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  if (!currentPassword) {
    if (ctx.clock.now().getTime() - user.signedInAt.getTime() < WINDOW_MS) return;
    throw errors.reauthRequired();
  }
  await ctx.rateLimiter.hit(
    [`reauth:ip:${ip}`, `reauth:user:${user.id}`],
    ctx.config.authRateLimit,
  );
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw errors.unauthorized();
  if (!(await verifyPassword(currentPassword, row.passwordHash)))
    throw errors.wrongCurrentPassword();
}
