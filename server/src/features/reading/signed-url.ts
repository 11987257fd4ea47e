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

const signatureOf = (secret: string, grant: ContentGrant) =>
  createHmac("sha256", secret)
    .update(`content:${grant.bookId}:${grant.userId}:${grant.sessionId}:${grant.expires}`)
    .digest("base64url");

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
  const expected = Buffer.from(signatureOf(secret, grant));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: "bad" };
  if (grant.expires * 1000 < nowMs) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
