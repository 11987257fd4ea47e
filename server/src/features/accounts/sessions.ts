// A reader's sessions (design.md §7.4): where each signed in from, when it was last used, and
// ending any one or all the others. A sign-in from a browser the account has not used before
// is mailed to the reader.
import { SESSION_DAYS } from "@folio/contract/constants";
import type { Session, SessionList } from "@folio/contract/security";
import { wireId } from "@folio/contract/common";
import { and, desc, eq, gt, isNull, like, ne } from "drizzle-orm";
import Bowser from "bowser";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { errors } from "../../errors";
import { enqueueMail } from "../notifications";
import type { AuthUser } from "./auth";
import { newToken, hashOf } from "./tokens";

export const SESSION_MS = SESSION_DAYS * DAY;

/** Where a sign-in comes from: the request's User-Agent and address. */
export interface SignInSource {
  userAgent: string;
  ip: string;
}

const MAX_USER_AGENT = 500;

/** Browser and system of a User-Agent, as a person names them ("Chrome 131", "Linux"). */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  if (!userAgent) return { browser: "", os: "" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName ?? ""].filter(Boolean).join(" ");
  return { browser, os };
}

/** What makes two sessions "the same browser": its name and system, not their versions. */
function browserFamily(userAgent: string): string {
  if (!userAgent) return "";
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name ?? "?"}|${parsed.os.name ?? "?"}`;
}

/**
 * Starts a session and answers its bearer token. When the account has signed in before, and
 * never from this browser, the reader is mailed about it; the caller nudges the mail worker.
 */
export async function startSession(
  ctx: AppContext,
  db: Executor,
  userId: string,
  now: Date,
  source: SignInSource,
): Promise<{ token: string; mailed: boolean }> {
  const userAgent = source.userAgent.slice(0, MAX_USER_AGENT);
  const earlier = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(50);
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashOf(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MS),
    lastSeenAt: now,
    userAgent,
    ip: source.ip,
  });
  const family = browserFamily(userAgent);
  const seen = earlier.some((row) => browserFamily(row.userAgent) === family);
  if (earlier.length === 0 || seen) return { token, mailed: false };
  const [reader] = await db
    .select({ email: users.email, name: users.name, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!reader) return { token, mailed: false };
  const { browser, os } = describeUserAgent(userAgent);
  await enqueueMail(
    db,
    {
      type: "new_sign_in",
      to: reader.email,
      data: {
        name: reader.verified ? reader.name : null,
        device: [browser || "An unknown browser", os].filter(Boolean).join(" on "),
        ip: source.ip,
        at: now,
        settingsUrl: `${ctx.config.publicUrl}/user/settings`,
      },
    },
    ctx.mail.format,
    now,
  );
  return { token, mailed: true };
}

function presentSession(row: typeof sessions.$inferSelect, currentId: number): Session {
  return {
    sessionId: wireId(row.id),
    current: row.id === currentId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    userAgent: row.userAgent,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
  };
}

/** The caller's live sessions, the most recently used first. */
export async function listSessions(ctx: AppContext, user: AuthUser): Promise<SessionList> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.clock.now()),
        // App passwords are listed, and revoked, on their own (app-passwords.ts).
        isNull(sessions.appName),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return { state: "success", sessions: rows.map((row) => presentSession(row, user.sessionId)) };
}

/** Ends one of the caller's own sessions (this one too: that is signing out). */
export async function revokeSession(ctx: AppContext, user: AuthUser, sessionId: number) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        isNull(sessions.appName),
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length === 0) throw errors.sessionNotFound();
  return { state: "success" as const, message: "The session has been signed out." };
}

/** Ends every session of the caller but this one; app passwords stay (they have their own list). */
export async function revokeOtherSessions(ctx: AppContext, user: AuthUser) {
  const ended = await endSessions(ctx.db, user.id, ctx.clock.now(), user.sessionId, {
    appPasswords: false,
  });
  return {
    state: "success" as const,
    message:
      ended === 1
        ? "1 other session has been signed out."
        : `${ended} other sessions have been signed out.`,
    revoked: ended,
  };
}

/**
 * Ends the account's live sessions, all of them or all but `keep`; answers how many. App
 * passwords end too (a password change, a reset, a block) unless `appPasswords` is false.
 */
export async function endSessions(
  db: Executor,
  userId: string,
  now: Date,
  keep?: number,
  { appPasswords = true } = {},
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keep === undefined ? [] : [ne(sessions.id, keep)]),
        ...(appPasswords ? [] : [isNull(sessions.appName)]),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * The token hashes of sessions an app signed in with by password (app-sign-in.ts) begin so: a
 * bearer token's hash is hex and never does.
 */
export const PASSWORD_SIGN_IN = "password:";

/** Ends the sessions apps signed in with by password: two-factor sign-in has just come on. */
export async function endPasswordSignIns(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        like(sessions.tokenHash, `${PASSWORD_SIGN_IN}%`),
      ),
    );
}
