import { wireId } from "@folio/contract/common";
import type { AccountExport } from "@folio/contract/security";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { passkeys, sessions, users } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds } from "../../money";
import type { AuthUser } from "./auth";

/**
 * Exports a reader may take in any 60 seconds. Fixed rather than AUTH_RATE_LIMIT (0, off, in
 * tests and benchmarks): the export reads every table a reader has rows in, so it must never be
 * a free way to load the database.
 */
export const EXPORTS_PER_MINUTE = 3;

/** Whose data a section reads: the reader, and the address and date mails to them are found by. */
export interface ExportOwner {
  id: string;
  email: string;
  createdAt: Date;
}

/**
 * One section of the export that another feature keeps, read from its own tables. app.ts passes
 * them in, as it passes afterLogin hooks, so accounts imports no other feature (decision 016).
 */
export type ExportSection = (
  db: Executor,
  owner: ExportOwner,
) => Promise<Record<string, unknown>[]>;

/** The sections other features keep, in the order the document lists them. */
const otherSections = [
  "loans",
  "ledger",
  "payments",
  "cart",
  "wishlist",
  "holds",
  "reviews",
  "annotations",
  "readingProgress",
  "mails",
] as const satisfies readonly (keyof AccountExport)[];
export type ExportSections = Record<(typeof otherSections)[number], ExportSection>;

/**
 * The reader's profile: never the password hash, the TOTP secrets or any token hash, only
 * whether two-factor sign-in is on.
 */
async function profileOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      balancePence: users.balancePence,
      createdAt: users.createdAt,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      totpSecret: users.totpSecret,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Every session the reader signed in with, ended ones too; never a token or its hash. */
async function sessionsOf(db: Executor, user: AuthUser) {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
  return rows.map((row) => ({
    sessionId: wireId(row.id),
    current: row.id === user.sessionId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    userAgent: row.userAgent,
    ip: row.ip,
  }));
}

/** The reader's passkeys by name and use; never a credential id or public key. */
async function passkeysOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    id: wireId(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * Everything held about the caller as one document (design.md §7.4), a few times a minute at
 * most. Read in one read-only snapshot, so a loan made meanwhile cannot show in the ledger but
 * not in the loans.
 */
export async function exportAccount(
  ctx: AppContext,
  user: AuthUser,
  sections: ExportSections,
): Promise<AccountExport> {
  await ctx.rateLimiter.hit([`export:user:${user.id}`], EXPORTS_PER_MINUTE);
  const exportedAt = ctx.clock.now().toISOString();
  return ctx.db.transaction(
    async (tx) => {
      const profile = await profileOf(tx, user.id);
      if (!profile) throw errors.unauthorized();
      const owner: ExportOwner = {
        id: profile.id,
        email: profile.email,
        createdAt: profile.createdAt,
      };
      const document: AccountExport = {
        exportedAt,
        profile: {
          UUID: profile.id,
          name: profile.name,
          email: profile.email,
          balance: penceToPounds(profile.balancePence),
          createdat: profile.createdAt.toISOString(),
          role: profile.role,
          emailVerifiedAt: profile.emailVerifiedAt?.toISOString() ?? null,
          twoFactorEnabled: profile.totpSecret !== null,
          blockedAt: profile.blockedAt?.toISOString() ?? null,
        },
        sessions: await sessionsOf(tx, user),
        passkeys: await passkeysOf(tx, user.id),
        loans: [],
        ledger: [],
        payments: [],
        cart: [],
        wishlist: [],
        holds: [],
        reviews: [],
        annotations: [],
        readingProgress: [],
        mails: [],
      };
      // One after another: a transaction's statements run one at a time anyway.
      for (const name of otherSections) document[name] = await sections[name](tx, owner);
      return document;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
