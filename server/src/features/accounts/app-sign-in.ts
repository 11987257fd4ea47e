// How an e-reader app signs in to the OPDS catalogue (issue 26), as the OPDS Authentication
// document says: HTTP Basic with the reader's email and password, or their email and an app
// password; or a bearer token (a session's, or an app password). Apps send the credentials with
// every request, so a password checked once is remembered for a while (`verified`) rather than
// hashed again per feed page; wrong ones always meet the login limits.
import { createHmac } from "node:crypto";
import { normalizeEmail } from "@folio/contract/constants";
import { APP_PASSWORD_PATTERN } from "@folio/contract/security";
import type { FastifyRequest } from "fastify";
import { MINUTE } from "../../clock";
import type { AppContext } from "../../context";
import { sessions, type UserRow } from "../../db/schema";
import { AppError, errors } from "../../errors";
import { bearerToken, sessionOf, type AuthUser } from "./auth";
import { verifyAgainstDecoy, verifyPassword } from "./passwords";
import { checkLoginLimits, findByEmail } from "./service";
import { PASSWORD_SIGN_IN, SESSION_MS } from "./sessions";
import { hashOf } from "./tokens";

/** An app's caller: a reader, and the app password they came with (null for their password). */
export type AppCaller = AuthUser & { appName: string | null };

/** The credentials of an `Authorization: Basic` header; null when there is none or it is broken. */
function basicCredentials(request: FastifyRequest): { email: string; password: string } | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1400})\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { email: normalizeEmail(decoded.slice(0, colon)), password: decoded.slice(colon + 1) };
}

/** How long a password once checked is taken without hashing it again. */
const VERIFIED_MS = 10 * MINUTE;
const VERIFIED_MAX = 10_000;

/**
 * Passwords checked lately, by a hash of the address, the password and the account's stored hash
 * (so a new password, or a password reset, is never answered from here), each with when it
 * stops counting. One per process: another process checks once for itself.
 */
const verified = new Map<string, number>();

function remember(key: string, nowMs: number) {
  if (verified.size >= VERIFIED_MAX) {
    for (const [old, until] of verified)
      if (until <= nowMs || verified.size >= VERIFIED_MAX) verified.delete(old);
  }
  verified.set(key, nowMs + VERIFIED_MS);
}

/**
 * The session an app signs in with by password: one per account and password, its token hash
 * derived from both (never a bearer token's hash, which is hex), so the same app keeps the same
 * session, and a new password makes a new one. Revoked (by the reader, or a block since lifted),
 * a password checked again brings it back.
 */
async function passwordSession(
  ctx: AppContext,
  userId: string,
  passwordHash: string,
  request: FastifyRequest,
): Promise<AppCaller> {
  const tokenHash = `${PASSWORD_SIGN_IN}${createHmac("sha256", ctx.config.secret).update(`${userId}:${passwordHash}`).digest("base64url")}`;
  try {
    return await sessionOf(ctx, tokenHash);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 401) throw error;
  }
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await ctx.db
    .insert(sessions)
    .values({
      userId,
      tokenHash,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      userAgent: (request.headers["user-agent"] ?? "").slice(0, 500),
      ip: request.ip,
    })
    .onConflictDoUpdate({
      target: sessions.tokenHash,
      set: { revokedAt: null, createdAt: now, expiresAt, lastSeenAt: now },
    });
  return sessionOf(ctx, tokenHash);
}

/** Checks a password as login does (its limits, its answers); the account when it is right. */
async function checkPassword(
  ctx: AppContext,
  { email, password }: { email: string; password: string },
  user: UserRow | null,
  ip: string,
): Promise<UserRow> {
  const limits = await checkLoginLimits(ctx, email, ip);
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDecoy(password, ctx.config.passwordHashCost);
  if (!user || !valid) throw limits.failed();
  await limits.passed();
  return user;
}

/**
 * The reader an app request comes from: 401 without credentials or with wrong ones (the login
 * limits apply, 429 beyond them), 403 for a blocked account, and 401 `APP_PASSWORD_REQUIRED`
 * for the account password of a reader with two-factor sign-in on.
 */
export async function authenticateApp(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AppCaller> {
  const token = bearerToken(request);
  if (token) return sessionOf(ctx, hashOf(token), { appPasswords: true });
  const credentials = basicCredentials(request);
  if (!credentials) throw errors.unauthorized();
  const { email, password } = credentials;

  if (APP_PASSWORD_PATTERN.test(password)) {
    const caller = await sessionOf(ctx, hashOf(password), { appPasswords: true }).catch(() => null);
    if (caller && caller.appName !== null && caller.email === email) return caller;
  }

  const found = await findByEmail(ctx.db, email);
  const nowMs = ctx.clock.now().getTime();
  const keyOf = (row: UserRow) => hashOf(`${email}\0${password}\0${row.passwordHash}`);
  const fresh = found !== null && (verified.get(keyOf(found)) ?? 0) > nowMs;
  const user = fresh ? found : await checkPassword(ctx, credentials, found, request.ip);
  if (!fresh) remember(keyOf(user), nowMs);
  // Told only to someone who knows the password, as login tells it.
  if (user.blockedAt) throw errors.accountBlocked();
  if (user.totpSecret) throw errors.appPasswordRequired();
  return passwordSession(ctx, user.id, user.passwordHash, request);
}
