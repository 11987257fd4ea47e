import {
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
  type ResetRequest,
  type SimpleSuccess,
  type UpdateUserRequest,
  type UpdateUserResponse,
  type UserInfo,
} from "@folio/contract/accounts";
import type { LoginAnswer } from "@folio/contract/security";
import { and, eq, gt, isNull } from "drizzle-orm";
import { HOUR } from "../../clock";
import type { AppContext } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { passkeys, passwordResets, sessions, users, type UserRow } from "../../db/schema";
import { errors } from "../../errors";
import { announce } from "../../events";
import { penceToPounds } from "../../money";
import { enqueueMail } from "../notifications";
import type { AuthUser } from "./auth";
import {
  addressProofUrl,
  endResetLinks,
  isUniqueViolation,
  requestEmailChange,
} from "./email-change";
import { passwordWeakness } from "./password-strength";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { requireRecentAuth } from "./reauth";
import { endSessions, SESSION_MS, startSession, type SignInSource } from "./sessions";
import { hashOf, newToken } from "./tokens";
import { startChallenge } from "./two-factor";
import { mailNameOf, mailSecurityChange } from "./owner-mail";

const RESET_MS = HOUR;

/**
 * A password a reader chooses (register, reset, settings): none a guesser would find, judged
 * with the reader's own name and address as guesses too. Checked after the caller's rate limit:
 * a check can cost a tenth of a second of CPU.
 */
async function refuseWeak(password: string | undefined, reader: { name?: string; email?: string }) {
  const why = password ? await passwordWeakness(password, reader) : null;
  if (why) throw errors.weakPassword(why);
}

/**
 * Addresses arrive normalised by the contract (normalizeEmail) and are stored so: one form for
 * storage, lookup and every limit key, so no spelling of an address reaches another's account or
 * dodges its limits.
 */
const emailIs = (email: string) => eq(users.email, email);

function presentUserInfo(row: UserRow): UserInfo {
  return {
    state: "success",
    UUID: row.id,
    name: row.name,
    email: row.email,
    balance: penceToPounds(row.balancePence),
    createdat: row.createdAt.toISOString(),
    role: row.role as UserInfo["role"],
  };
}

export async function findByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(emailIs(email));
  return row ?? null;
}

export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  ip: string,
): Promise<RegisterResponse> {
  await ctx.rateLimiter.hit(
    [`register:ip:${ip}`, `register:email:${input.email}`],
    ctx.config.authRateLimit,
  );
  await refuseWeak(input.password, input);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, createdAt: now })
        .returning();
      const confirmUrl = await addressProofUrl(ctx, tx, row!, now);
      await enqueueMail(
        tx,
        {
          type: "register",
          to: row!.email,
          // A new address is unproven: no name its registrant typed, until the link proves it.
          data: { name: null, shopUrl: ctx.config.publicUrl, confirmUrl },
        },
        ctx.mail.format,
        now,
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
  ctx.mail.nudge();
  return {
    state: "success",
    message: "Registration successful",
    UUID: user.id,
    email: user.email,
    name: user.name,
    createdat: user.createdAt.toISOString(),
  };
}

/**
 * Login limits (each AUTH_RATE_LIMIT in any 60 s): every attempt per source address; wrong
 * passwords per account and source; and, once an account has had that many wrong passwords from
 * anywhere, a source with failures of its own gets no more tries, while a source without any
 * still has its password checked. So guessing is slowed per account, but failures from
 * elsewhere never lock the owner out.
 *
 * Each attempt takes its place before the password is hashed, in the statement that counts
 * (issue 43): ten guesses sent at once see each other, so a fresh source of an account under
 * attack has one password checked, not ten. A right password gives its places back (`passed`);
 * a wrong one keeps them as its failures (`failed`).
 */
export async function checkLoginLimits(ctx: AppContext, email: string, ip: string) {
  const limit = ctx.config.authRateLimit;
  const keys = { here: `login:failed:${email}:${ip}`, anywhere: `login:failed:${email}` };
  await ctx.rateLimiter.hit([`login:ip:${ip}`], limit);
  const anywhere = await ctx.rateLimiter.reserve(keys.anywhere, limit, { refuse: false });
  const underAttack = limit > 0 && anywhere.before >= limit;
  // A source refused here keeps its attempt in the account's count: the account stays under
  // attack while attempts keep coming. Giving it back would also lower the count below what
  // happened, since the count keeps only the newest attempts: guesses sent together, refused one
  // after another, once let a later one find the account no longer under attack.
  const here = await ctx.rateLimiter.reserve(keys.here, underAttack ? 1 : limit);
  return {
    underAttack,
    /** The password was right: the attempt was no guess. */
    passed: () => Promise.all([here.release(), anywhere.release()]),
    /** The answer for a wrong password. */
    failed: () => (underAttack ? errors.tooManyRequests() : errors.wrongCredentials()),
  };
}

/**
 * The spec's login. With two-factor on, a right password answers a challenge and no token
 * (design.md §7.4); `signedIn` is the new session's owner, for the work after a login.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  source: SignInSource,
): Promise<{ answer: LoginAnswer; signedIn: string | null }> {
  const { ip } = source;
  const limits = await checkLoginLimits(ctx, input.email, ip);
  const user = await findByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password, ctx.config.passwordHashCost);
  // An account under attack gives a source one guess, and the same answer for any guess.
  if (!user || !valid) throw limits.failed();
  await limits.passed();
  // Told only to someone who knows the password: a guesser learns nothing of the account.
  if (user.blockedAt) throw errors.accountBlocked();
  const now = ctx.clock.now();
  if (user.totpSecret) {
    const challenge = await startChallenge(ctx.db, user.id, now);
    return { answer: { state: "2fa_required", challenge }, signedIn: null };
  }
  const session = await ctx.db.transaction((tx) => startSession(ctx, tx, user.id, now, source));
  if (session.mailed) ctx.mail.nudge();
  return { answer: sessionAnswer(session.token, user.id), signedIn: user.id };
}

/** What a sign-in answers, by password, code or passkey: the spec's login answer. */
export const sessionAnswer = (token: string, userId: string) => ({
  state: "success" as const,
  token,
  expiresIn: SESSION_MS / 1000,
  UUID: userId,
});

export async function logout(ctx: AppContext, user: AuthUser): Promise<SimpleSuccess> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(sessions.id, user.sessionId));
  return { state: "success", message: "Logged out" };
}

export async function getUserInfo(ctx: AppContext, user: AuthUser): Promise<UserInfo> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw errors.unauthorized();
  return presentUserInfo(row);
}

/**
 * The spec's settings call. A new password, and a new email, need the current password outside
 * the re-authentication window; a new email takes effect only when the link mailed to it is
 * opened (design.md §7.4), so the answer still names the old one, and the new one as pending.
 */
export async function updateUser(
  ctx: AppContext,
  user: AuthUser,
  input: UpdateUserRequest,
  ip: string,
): Promise<UpdateUserResponse> {
  const changes: Partial<Pick<UserRow, "name" | "passwordHash">> = {};
  // The same address again changes nothing, as before: it counts as a field sent.
  const newEmail = input.email && input.email !== user.email ? input.email : undefined;
  if (!input.name && !input.email && !input.password) throw errors.nothingToUpdate();
  if (newEmail || input.password) await requireRecentAuth(ctx, user, input.currentPassword, ip);
  await refuseWeak(input.password, {
    name: input.name || user.name,
    email: newEmail ?? user.email,
  });
  if (input.name) changes.name = input.name;
  if (newEmail) {
    // "Already registered" tells whether an address has an account: limited as login is.
    await ctx.rateLimiter.hit(
      [`update-email:ip:${ip}`, `update-email:user:${user.id}`],
      ctx.config.authRateLimit,
    );
  }
  if (input.password)
    changes.passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] =
        Object.keys(changes).length > 0
          ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
          : await tx.select().from(users).where(eq(users.id, user.id));
      if (!updated) return undefined;
      if (changes.passwordHash) {
        // A reset link mailed before a change of credentials must not undo it afterwards.
        await endResetLinks(tx, user.id, now);
        // A new password ends every other session: whoever knew the old one is logged out.
        await endSessions(tx, user.id, now, user.sessionId);
        await mailSecurityChange(ctx, tx, user.id, "password_changed");
      }
      if (newEmail) await requestEmailChange(ctx, tx, updated, newEmail, now);
      return updated;
    });
    if (!row) throw errors.unauthorized();
    if (newEmail || changes.passwordHash) ctx.mail.nudge();
    return {
      state: "success",
      message: newEmail
        ? `We have sent a link to ${newEmail}. Your email changes when you open it.`
        : "Account information updated successfully",
      name: row.name,
      email: row.email,
      ...(newEmail ? { pendingEmail: newEmail } : {}),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
}

export async function deleteUser(
  ctx: AppContext,
  user: AuthUser,
  currentPassword: string | undefined,
  ip: string,
): Promise<SimpleSuccess> {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Other features' work (open loans returned, reviews gone) runs first, in this transaction.
    await announce(ctx, tx, "accountDeleted", { userId: user.id, at: now });
    // Sessions and reset tokens go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, user.id));
  });
  return { state: "success", message: "Account deleted successfully" };
}

const FORGET_ANSWER: SimpleSuccess = {
  state: "success",
  message: "If an account exists for that email, we have sent it a link to reset the password.",
};

/** Always the same answer, whether or not the email has an account: no enumeration. */
export async function forgetPassword(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<SimpleSuccess> {
  await ctx.rateLimiter.hit([`forget:ip:${ip}`, `forget:email:${email}`], ctx.config.authRateLimit);
  const user = await findByEmail(ctx.db, email);
  if (!user) return FORGET_ANSWER;
  await sendPasswordReset(ctx, user);
  ctx.mail.nudge();
  return FORGET_ANSWER;
}

/**
 * Mails the account a single-use reset link, valid for an hour. With `tx` (a staff call) the link
 * and its mail are written in that transaction, with the change's audit row; the caller nudges
 * the mail worker once it commits.
 */
export async function sendPasswordReset(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "email">,
  tx?: Transaction,
) {
  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_MS);
  const resetUrl = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  const write = async (db: Executor) => {
    await db
      .insert(passwordResets)
      .values({ tokenHash: hashOf(token), userId: user.id, createdAt: now, expiresAt });
    const [reader] = await db.select({ name: mailNameOf }).from(users).where(eq(users.id, user.id));
    await enqueueMail(
      db,
      {
        type: "password_reset",
        to: user.email,
        data: { name: reader?.name ?? null, resetUrl, expiresAt },
      },
      ctx.mail.format,
      now,
    );
  };
  if (tx) await write(tx);
  else await ctx.db.transaction(write);
}

export async function resetPassword(
  ctx: AppContext,
  input: ResetRequest,
  ip: string,
): Promise<SimpleSuccess> {
  // Per address too: every attempt costs a password hash, whatever token it guesses.
  await ctx.rateLimiter.hit(
    [`reset:ip:${ip}`, `reset:token:${hashOf(input.token).slice(0, 16)}`],
    ctx.config.authRateLimit,
  );
  const now = ctx.clock.now();
  // The link's reader, so that their own name and address are refused as a password. A dead
  // link's password is judged all the same: a weak one is named as such before the link is.
  const [owner] = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashOf(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  await refuseWeak(input.password, owner ?? {});
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const done = await ctx.db.transaction(async (tx) => {
    // Using the token and checking it are one statement, so it works exactly once.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOf(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    // Any other link still in the mailbox dies with this one.
    await endResetLinks(tx, reset.userId, now);
    // Using a link mailed to the address proves the address is the reader's.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now })
      .where(eq(users.id, reset.userId));
    // Every way in that could outlive the old password ends with it: sessions and app
    // passwords, and passkeys, which a stolen session may have added (issue 43). Two-factor
    // stays: a reset link is no second factor; a recovery code is how it is lifted.
    await endSessions(tx, reset.userId, now);
    const removed = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, reset.userId))
      .returning({ id: passkeys.id });
    await mailSecurityChange(ctx, tx, reset.userId, "password_reset", {
      passkeysRemoved: removed.length,
    });
    return true;
  });
  if (!done) throw errors.invalidResetToken();
  ctx.mail.nudge();
  return {
    state: "success",
    message: "Your password has been changed. Please log in with the new one.",
  };
}
