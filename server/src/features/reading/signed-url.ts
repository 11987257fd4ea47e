import { createHmac, timingSafeEqual } from "node:crypto";

/** The part of a content URL that proves who may fetch it, from which session, and until when. */
export interface ContentGrant {
  bookId: number;
  userId: string;
  /** the session the link was made in: the link ends with it (logout, password change, reset) */
  sessionId: number;
  /** seconds since the epoch */
  expires: number;
}

/**
 * What a link is for goes first in what is signed, so a content link's signature is no
 * publication link's, nor the other way round.
 */
type Purpose = "content" | "publication";

const signatureOf = (secret: string, grant: ContentGrant, purpose: Purpose = "content") =>
  createHmac("sha256", secret)
    .update(`${purpose}:${grant.bookId}:${grant.userId}:${grant.sessionId}:${grant.expires}`)
    .digest("base64url");

/** Compares in constant time, then checks the expiry. */
function check(
  secret: string,
  grant: ContentGrant,
  signature: string,
  nowMs: number,
  purpose: Purpose,
): GrantCheck {
  const expected = Buffer.from(signatureOf(secret, grant, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "bad" };
  if (grant.expires * 1000 < nowMs) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}

export function signContentUrl(secret: string, grant: ContentGrant): string {
  const query = new URLSearchParams({
    u: grant.userId,
    n: String(grant.sessionId),
    e: String(grant.expires),
    s: signatureOf(secret, grant),
  });
  return `/api/content/${grant.bookId}.epub?${query.toString()}`;
}

export type GrantCheck =
  { ok: true; grant: ContentGrant } | { ok: false; reason: "bad" | "expired" };

const digits = /^\d{1,15}$/;

/** Checks a signature in constant time, then the expiry. */
export function verifyContentGrant(
  secret: string,
  bookId: number,
  query: {
    u?: string | undefined;
    n?: string | undefined;
    e?: string | undefined;
    s?: string | undefined;
  },
  nowMs: number,
): GrantCheck {
  if (
    !query.u ||
    !query.s ||
    !query.e ||
    !query.n ||
    !digits.test(query.e) ||
    !digits.test(query.n)
  )
    return { ok: false, reason: "bad" };
  const grant = {
    bookId,
    userId: query.u,
    sessionId: Number(query.n),
    expires: Number(query.e),
  };
  return check(secret, grant, query.s, nowMs, "content");
}

/**
 * A publication link's grant as one path segment, `user.session.expires.signature`: every
 * resource of the book sits under it, so relative hrefs in the manifest carry it along.
 */
export function signPublicationGrant(secret: string, grant: ContentGrant): string {
  const signature = signatureOf(secret, grant, "publication");
  return `${grant.userId}.${grant.sessionId}.${grant.expires}.${signature}`;
}

const userIdPattern = /^[A-Za-z0-9-]{1,64}$/;

/** Checks a publication grant segment for `bookId`: signature in constant time, then expiry. */
export function verifyPublicationGrant(
  secret: string,
  bookId: number,
  segment: string,
  nowMs: number,
): GrantCheck {
  const [userId, session, expires, signature, ...rest] = segment.split(".");
  if (
    rest.length ||
    !userId ||
    !signature ||
    !userIdPattern.test(userId) ||
    !digits.test(session ?? "") ||
    !digits.test(expires ?? "")
  )
    return { ok: false, reason: "bad" };
  const grant = { bookId, userId, sessionId: Number(session), expires: Number(expires) };
  return check(secret, grant, signature, nowMs, "publication");
}
