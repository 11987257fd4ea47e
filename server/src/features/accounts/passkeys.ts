// Passkeys (WebAuthn, design.md §7.4), checked by @simplewebauthn/server: a signed-in reader
// adds one; anyone signs in with one, without a password; a reader lists and removes theirs.
// Every options call hands out a challenge kept five minutes, good for one answer.
import type { Passkey, PasskeyList, PasskeyOptionsResponse } from "@folio/contract/security";
import { wireId } from "@folio/contract/common";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isIP } from "node:net";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { passkeys, users, webauthnChallenges } from "../../db/schema";
import { errors } from "../../errors";
import { SHOP_NAME } from "../notifications";
import type { AuthUser } from "./auth";
import { mailSecurityChange } from "./owner-mail";
import { requireRecentAuth } from "./reauth";
import { startSession, type SignInSource } from "./sessions";

const CHALLENGE_MS = 5 * 60_000;

/**
 * Loaded at the first passkey call, not at start: with its crypto libraries it is about 70
 * modules and 10 MB of a server's idle memory that most shops never use (docs/performance.md).
 */
const webauthn = () => import("@simplewebauthn/server");

/**
 * The relying party: the shop's own host. An IP address cannot be a WebAuthn RP ID, so a shop
 * served from an address rather than a name (`npm start`, the e2e server) takes passkeys at
 * localhost, on the same port.
 */
export function relyingParty(publicUrl: string): { rpID: string; origins: string[] } {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) === 0) return { rpID: host, origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = "localhost";
  return { rpID: "localhost", origins: [url.origin, local.origin] };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

function presentPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: wireId(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The challenge a browser's answer signed, from its client data; null when unreadable. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const text = Buffer.from(response.response.clientDataJSON, "base64url").toString();
    const data = JSON.parse(text) as { challenge?: unknown } | null;
    return typeof data?.challenge === "string" ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Takes a challenge handed out for `kind` (and `userId`), once, while it lives. */
async function takeChallenge(
  ctx: AppContext,
  challenge: string | null,
  kind: "register" | "login",
  userId: string | null,
): Promise<boolean> {
  if (!challenge) return false;
  const now = ctx.clock.now();
  // Old ones go on the way; a table of live challenges stays small.
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const taken = await ctx.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.kind, kind),
        gt(webauthnChallenges.expiresAt, now),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length === 1;
}

async function keepChallenge(
  ctx: AppContext,
  challenge: string,
  kind: "register" | "login",
  userId: string | null,
) {
  await ctx.db.insert(webauthnChallenges).values({
    challenge,
    kind,
    userId,
    expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_MS),
  });
}

/**
 * Options for adding a passkey. A passkey is a new way in: outside the re-authentication window
 * it takes the password, here and again when it is added (issue 43: a stolen session had added
 * one, signed in with it and so won a fresh session that could change the password).
 */
export async function registrationOptions(
  ctx: AppContext,
  user: AuthUser,
  currentPassword: string | undefined,
  ip: string,
): Promise<PasskeyOptionsResponse> {
  await requireRecentAuth(ctx, user, currentPassword, ip);
  const { rpID } = relyingParty(ctx.config.publicUrl);
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: SHOP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(ctx, options.challenge, "register", user.id);
  return { state: "success", options: options as unknown as PasskeyOptionsResponse["options"] };
}

export async function registerPasskey(
  ctx: AppContext,
  user: AuthUser,
  input: {
    response: Record<string, unknown> & { response: { clientDataJSON: string } };
    name?: string;
    currentPassword?: string;
  },
  ip: string,
): Promise<{ state: "success"; passkey: Passkey }> {
  await requireRecentAuth(ctx, user, input.currentPassword, ip);
  const challenge = challengeOf(input.response);
  if (!(await takeChallenge(ctx, challenge, "register", user.id))) throw errors.passkeyFailed();
  const { rpID, origins } = relyingParty(ctx.config.publicUrl);
  const { verifyRegistrationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge!,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw errors.passkeyFailed();
  }
  if (!verification.verified) throw errors.passkeyFailed();
  const { credential } = verification.registrationInfo;
  const count = await ctx.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const row = await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: base64url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name || `Passkey ${count.length + 1}`,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (added) await mailSecurityChange(ctx, tx, user.id, "passkey_added", { label: added.name });
    return added;
  });
  if (!row) throw errors.passkeyFailed();
  return { state: "success", passkey: presentPasskey(row) };
}

export async function authenticationOptions(ctx: AppContext): Promise<PasskeyOptionsResponse> {
  const { rpID } = relyingParty(ctx.config.publicUrl);
  // No list of credentials: the browser offers the passkeys it holds for the shop.
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  await keepChallenge(ctx, options.challenge, "login", null);
  return { state: "success", options: options as unknown as PasskeyOptionsResponse["options"] };
}

/** Signs in with a passkey; answers the session as a password login does. */
export async function loginWithPasskey(
  ctx: AppContext,
  input: {
    response: Record<string, unknown> & { id: string; response: { clientDataJSON: string } };
  },
  source: SignInSource,
): Promise<{ token: string; userId: string; mailed: boolean }> {
  await ctx.rateLimiter.hit([`login-passkey:ip:${source.ip}`], ctx.config.authRateLimit);
  const challenge = challengeOf(input.response);
  if (!(await takeChallenge(ctx, challenge, "login", null))) throw errors.passkeyFailed();
  const [found] = await ctx.db
    .select({ passkey: passkeys, blockedAt: users.blockedAt })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.response.id));
  if (!found) throw errors.passkeyFailed();
  const { rpID, origins } = relyingParty(ctx.config.publicUrl);
  const { verifyAuthenticationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge!,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: found.passkey.credentialId,
        publicKey: bytesOf(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: found.passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
  } catch {
    throw errors.passkeyFailed();
  }
  if (!verification.verified) throw errors.passkeyFailed();
  if (found.blockedAt) throw errors.accountBlocked();
  const now = ctx.clock.now();
  const userId = found.passkey.userId;
  const session = await ctx.db.transaction(async (tx) => {
    await tx
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(passkeys.id, found.passkey.id));
    return startSession(ctx, tx, userId, now, source);
  });
  return { ...session, userId };
}

export async function listPasskeys(ctx: AppContext, user: AuthUser): Promise<PasskeyList> {
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return { state: "success", passkeys: rows.map(presentPasskey) };
}

export async function deletePasskey(
  ctx: AppContext,
  user: AuthUser,
  input: { id: number; currentPassword?: string },
  ip: string,
) {
  await requireRecentAuth(ctx, user, input.currentPassword, ip);
  const gone = await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (removed)
      await mailSecurityChange(ctx, tx, user.id, "passkey_removed", { label: removed.name });
    return removed;
  });
  if (!gone) throw errors.passkeyNotFound();
  return { state: "success" as const, message: "The passkey has been removed." };
}
