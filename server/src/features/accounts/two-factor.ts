// Two-factor sign-in with an authenticator app (design.md §7.4): setup offers a secret, a first
// code turns it on and answers ten single-use recovery codes; with it on, a right password
// answers a challenge, and a code (or a recovery code) within five minutes and five tries
// answers the session.
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_ACCOUNT_TRIES,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_CHALLENGE_TRIES,
  type LoginTwoFactorRequest,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from "@folio/contract/security";
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { recoveryCodes, twoFactorChallenges, users } from "../../db/schema";
import { errors } from "../../errors";
import { enqueueMail, SHOP_NAME } from "../notifications";
import type { AuthUser } from "./auth";
import { mailRecipientOf, mailSecurityChange } from "./owner-mail";
import { requireRecentAuth } from "./reauth";
import { endPasswordSignIns, startSession, type SignInSource } from "./sessions";
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl } from "./totp";
import { hashOf, newToken } from "./tokens";

const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;

/** "ABCDE-FGHIJ": 50 random bits, easy to copy from paper; compared without case or dash. */
const newRecoveryCode = () => {
  const text = base32Encode(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};
const recoveryHashOf = (code: string) =>
  hashOf(`recovery:${code.replace(/[\s-]/g, "").toUpperCase()}`);

export async function twoFactorStatus(ctx: AppContext, user: AuthUser): Promise<TwoFactorStatus> {
  const [row] = await ctx.db
    .select({ secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, user.id));
  const [left] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    state: "success",
    enabled: Boolean(row?.secret),
    recoveryCodesLeft: row?.secret ? (left?.n ?? 0) : 0,
  };
}

/**
 * A new secret for the reader's app; two-factor stays off until a code of it is entered. Setting
 * it up and turning it on take the password outside the re-authentication window (issue 43): a
 * stolen session must not put the account behind a second factor its owner does not hold.
 */
export async function setupTwoFactor(
  ctx: AppContext,
  user: AuthUser,
  currentPassword: string | undefined,
  ip: string,
): Promise<TwoFactorSetupResponse> {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const secret = newTotpSecret();
  const [row] = await ctx.db
    .update(users)
    .set({ totpPendingSecret: secret })
    .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
    .returning({ email: users.email });
  if (!row) throw errors.twoFactorAlreadyOn();
  return { state: "success", secret, otpauthUrl: otpauthUrl(SHOP_NAME, row.email, secret) };
}

export async function enableTwoFactor(
  ctx: AppContext,
  user: AuthUser,
  { code, currentPassword }: { code: string; currentPassword?: string },
  ip: string,
): Promise<TwoFactorEnableResponse> {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const [row] = await ctx.db
    .select({ secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, user.id));
  if (row?.secret) throw errors.twoFactorAlreadyOn();
  if (!row?.pending) throw errors.twoFactorNotStarted();
  const step = matchTotp(row.pending, code, ctx.clock.now(), null);
  if (step === null) throw errors.wrongCode(400);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const pending = row.pending;
  const done = await ctx.db.transaction(async (tx) => {
    const [on] = await tx
      .update(users)
      .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(eq(users.id, user.id), isNull(users.totpSecret), eq(users.totpPendingSecret, pending)),
      )
      .returning({ id: users.id });
    if (!on) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    // An app signed in with the password alone is signed out: it needs an app password now.
    await endPasswordSignIns(tx, user.id, ctx.clock.now());
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ codeHash: recoveryHashOf(c), userId: user.id })));
    await mailSecurityChange(ctx, tx, user.id, "two_factor_on");
    return true;
  });
  if (!done) throw errors.twoFactorAlreadyOn();
  return { state: "success", recoveryCodes: codes };
}

export async function disableTwoFactor(
  ctx: AppContext,
  user: AuthUser,
  currentPassword: string | undefined,
  ip: string,
) {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const off = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(and(eq(users.id, user.id), sql`${users.totpSecret} is not null`))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    await mailSecurityChange(ctx, tx, user.id, "two_factor_off");
    return true;
  });
  if (!off) throw errors.twoFactorOff();
  return { state: "success" as const, message: "Two-factor sign-in is now off." };
}

/** A challenge for an account whose password was right and which has two-factor on. */
export async function startChallenge(db: Executor, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(twoFactorChallenges).values({
    tokenHash: hashOf(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
  return token;
}

/**
 * Counts a wrong code against the account, whatever challenge or source it came with (issue 43:
 * twelve sources had made 108 guesses at one account in nine seconds). The one that reaches
 * TWO_FACTOR_ACCOUNT_TRIES locks the app's codes and mails the owner; a right code sets the
 * count back to nothing, a recovery code lifts the lock.
 */
async function countWrongCode(
  ctx: AppContext,
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ totpFailures: sql`${users.totpFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.totpFailures, lockedAt: users.totpLockedAt });
  if (!row || row.lockedAt || row.failures < TWO_FACTOR_ACCOUNT_TRIES) return false;
  await tx.update(users).set({ totpLockedAt: now }).where(eq(users.id, userId));
  const owner = await mailRecipientOf(tx, userId);
  if (!owner) return false;
  await enqueueMail(
    tx,
    {
      type: "two_factor_locked",
      to: owner.email,
      data: {
        name: owner.name,
        failures: row.failures,
        at: now,
        settingsUrl: `${ctx.config.publicUrl}/user/settings`,
      },
    },
    ctx.mail.format,
    now,
  );
  return true;
}

/**
 * The second step of a sign-in: a code of the reader's app (each step's code once) or an unused
 * recovery code. Every try counts against the challenge before it is checked, so five wrong
 * codes end it whatever runs beside them.
 */
export async function loginWithCode(
  ctx: AppContext,
  input: LoginTwoFactorRequest,
  source: SignInSource,
): Promise<{ token: string; userId: string; mailed: boolean }> {
  await ctx.rateLimiter.hit([`login-2fa:ip:${source.ip}`], ctx.config.authRateLimit);
  const now = ctx.clock.now();
  const challengeHash = hashOf(input.challenge);
  const [challenge] = await ctx.db
    .update(twoFactorChallenges)
    .set({ tries: sql`${twoFactorChallenges.tries} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, challengeHash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.tries, TWO_FACTOR_CHALLENGE_TRIES),
      ),
    )
    .returning({ userId: twoFactorChallenges.userId });
  if (!challenge) throw errors.challengeExpired();
  const userId = challenge.userId;
  const code = input.code?.replace(/\s+/g, "") ?? "";
  const recovery = input.recoveryCode?.trim() ?? "";
  const result = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        secret: users.totpSecret,
        lastStep: users.totpLastStep,
        blockedAt: users.blockedAt,
        lockedAt: users.totpLockedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.secret) return "expired" as const;
    if (user.blockedAt) return "blocked" as const;
    // Codes are locked: only a recovery code (after the right password) signs in, and lifts it.
    if (code && user.lockedAt) return "locked" as const;
    let accepted = false;
    if (code) {
      const step = /^[0-9]{6}$/.test(code)
        ? matchTotp(user.secret, code, now, user.lastStep)
        : null;
      if (step !== null) {
        // Taking the step and checking it is one statement: a code is accepted once, anywhere.
        const [taken] = await tx
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
          )
          .returning({ id: users.id });
        accepted = Boolean(taken);
      }
    } else if (recovery) {
      const [used] = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.codeHash, recoveryHashOf(recovery)),
            eq(recoveryCodes.userId, userId),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ codeHash: recoveryCodes.codeHash });
      accepted = Boolean(used);
    }
    if (!accepted)
      return (await countWrongCode(ctx, tx, userId, now))
        ? ("wrong, owner told" as const)
        : ("wrong" as const);
    const [ended] = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: now })
      .where(
        and(eq(twoFactorChallenges.tokenHash, challengeHash), isNull(twoFactorChallenges.usedAt)),
      )
      .returning({ userId: twoFactorChallenges.userId });
    if (!ended) return "expired" as const;
    await tx.update(users).set({ totpFailures: 0, totpLockedAt: null }).where(eq(users.id, userId));
    return startSession(ctx, tx, userId, now, source);
  });
  if (result === "expired") throw errors.challengeExpired();
  if (result === "blocked") throw errors.accountBlocked();
  if (result === "locked") throw errors.twoFactorLocked();
  if (result === "wrong, owner told") ctx.mail.nudge();
  if (result === "wrong" || result === "wrong, owner told") throw errors.wrongCode(401);
  return { ...result, userId };
}
