import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { batchPerDatabase, perDatabase } from "../../db/batch";
import { keyReadsOf, type Database, type KeyReads } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { errors } from "../../errors";
import { hashOf } from "./tokens";

export type Role = "reader" | "librarian" | "admin";

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  sessionId: number;
  role: Role;
  /** when this session signed in: within REAUTH_WINDOW_MINUTES it may change credentials */
  signedInAt: Date;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

interface SessionRow extends AuthUser {
  lastSeenAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  blockedAt?: Date | null;
  appName: string | null;
}

/** What says whether a session is live. */
const sessionStateColumns = {
  tokenHash: sessions.tokenHash,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  /** an app password's session signs in to the OPDS catalogue only (app-sign-in.ts) */
  appName: sessions.appName,
};
const sessionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  sessionId: sessions.id,
  role: sql<Role>`${users.role}`,
  blockedAt: users.blockedAt,
  signedInAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  ...sessionStateColumns,
};

/**
 * Refuses (401) a session that was not found, was revoked or has expired. A deleted account's
 * sessions are deleted with it.
 */
function requireLive<
  T extends Pick<SessionRow, "expiresAt" | "revokedAt" | "blockedAt" | "appName">,
>(row: T | undefined, now: Date, { appPasswords = false } = {}): T {
  if (!row || row.revokedAt !== null || row.expiresAt <= now || row.blockedAt)
    throw errors.unauthorized();
  // An app password is no key to the rest of the account.
  if (row.appName !== null && !appPasswords) throw errors.unauthorized();
  return row;
}

/** The hashed bearer token of a request, the key sessions are found by; else 401. */
export function tokenHashOf(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw errors.unauthorized();
  return hashOf(token);
}

/**
 * Sessions by token hash, read for all the requests that arrive together in one query (every
 * authenticated call starts here). Each request's session is still read after it arrived (or,
 * on the embedded database, kept since a read with no write after it), so a logout or a
 * password change anywhere takes effect at once.
 */
function sessionQuery(db: Database) {
  return keyReadsOf(db)
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder("hashes")}::text[])`)
    .prepare("accounts_sessions_by_token");
}
const sessionStatement = perDatabase(sessionQuery);

const sessionBatch = batchPerDatabase(
  async (db, hashes: string[]) => {
    const rows = await sessionStatement(db).execute({ hashes });
    return new Map(rows.map((row) => [row.tokenHash, row]));
  },
  { keepUntilWrite: 10_000 },
);

/** Whether a session of this reader is still live (a content link lives no longer than it). */
export async function isSessionLive(
  ctx: AppContext,
  sessionId: number,
  userId: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row !== undefined && row.revokedAt === null && row.expiresAt > ctx.clock.now();
}

/**
 * How stale a session's "last used" may grow before a request writes it again: the sessions
 * list reads to within minutes, and a write per request would cost every signed-in call.
 */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The caller, from a live session: not revoked, not expired, its user not deleted; else 401. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  return sessionOf(ctx, tokenHashOf(request));
}

/**
 * The live session of a token hash, as `authenticate` finds it; `appPasswords` lets an app
 * password's session through too (the OPDS catalogue's sign-in).
 */
export async function sessionOf(
  ctx: AppContext,
  tokenHash: string,
  options: { appPasswords?: boolean } = {},
): Promise<AuthUser & { appName: string | null }> {
  const row = await sessionBatch(ctx.db).load(tokenHash);
  const now = ctx.clock.now();
  const { id, name, email, sessionId, role, signedInAt, lastSeenAt, appName } = requireLive(
    row,
    now,
    options,
  );
  if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    // The session's row is written, not read: a second request of the same moment writes too.
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return { id, name, email, sessionId, role, signedInAt, appName };
}

const roleRank: Record<Role, number> = { reader: 0, librarian: 1, admin: 2 };

/**
 * The caller, when their role is at least `needs` (design.md §7.1): no live session 401, a
 * lesser role 403. Every staff call starts here, so the role is read with the session, fresh.
 */
export async function requireStaff(
  ctx: AppContext,
  request: FastifyRequest,
  needs: "librarian" | "admin",
): Promise<AuthUser> {
  const user = await authenticate(ctx, request);
  if (roleRank[user.role] < roleRank[needs]) throw errors.forbidden(needs);
  return user;
}

/**
 * A read of something of the caller's own made together with their session (the cart, the
 * wishlist): one query for all the requests of a batch, one round trip rather than two, and
 * still read after each request arrived, so a logout takes effect at once. `own(reads, userId)`
 * is a scalar subquery of the user's rows as one text; `decode` turns it into the answer, once
 * per read, shared by every request that read answers. Unknown, revoked or expired: 401.
 */
export function readWithSession<T>(
  name: string,
  own: (reads: KeyReads, userId: typeof sessions.userId) => SQL<string>,
  decode: (db: Database, text: string) => Promise<T>,
  options: { keepUntilWrite: number },
): (ctx: AppContext, tokenHash: string) => Promise<T> {
  const statement = perDatabase((db) => {
    const reads = keyReadsOf(db);
    return reads
      .select({ session: sessionStateColumns, own: sql<string>`(${own(reads, sessions.userId)})` })
      .from(sessions)
      .where(sql`${sessions.tokenHash} = any(${sql.placeholder("hashes")}::text[])`)
      .prepare(name);
  });
  const batch = batchPerDatabase(async (db, hashes: string[]) => {
    const rows = await statement(db).execute({ hashes });
    const found = new Map<string, { session: (typeof rows)[number]["session"]; value: T }>();
    for (const row of rows)
      found.set(row.session.tokenHash, { session: row.session, value: await decode(db, row.own) });
    return found;
  }, options);
  // One step after the batch's answer, not an async function around it: this is the hottest
  // signed-in read, and each extra await is a turn of the microtask queue per request.
  return (ctx, tokenHash) =>
    batch(ctx.db)
      .load(tokenHash)
      .then((found) => {
        requireLive(found?.session, ctx.clock.now());
        // requireLive has refused a token with no session, so there is a value.
        return found!.value;
      });
}
