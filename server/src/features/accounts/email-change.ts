// Email change by confirmation (design.md §7.4): a new address takes effect only when the link
// mailed to it is opened (within 24 hours); the old address is then told, with a link that puts
// it back for 24 hours more and signs every session out.
import { EMAIL_CHANGE_HOURS, type EmailLinkResponse } from "@folio/contract/security";
import { and, eq, gt, isNull } from "drizzle-orm";
import { HOUR } from "../../clock";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { emailChanges, passwordResets, users } from "../../db/schema";
import { errors } from "../../errors";
import { enqueueMail } from "../notifications";
import { endSessions } from "./sessions";
import { hashOf, newToken } from "./tokens";

const LINK_MS = EMAIL_CHANGE_HOURS * HOUR;

/** Whether a write failed on a unique index (an address another account has). */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

/** Every reset link of the account still unused stops working. */
export async function endResetLinks(tx: Transaction, userId: string, now: Date) {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Ends the account's email-change links still unused: of one kind, or (undoing) all of them. A
 * new request ends only the confirm links it replaces: an undo link already mailed to an old
 * address keeps working for its 24 hours, whatever changes follow (issue 43).
 */
async function endChangeLinks(
  tx: Transaction,
  userId: string,
  now: Date,
  kind?: "confirm" | "undo",
) {
  await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        ...(kind ? [eq(emailChanges.kind, kind)] : []),
      ),
    );
}

/**
 * Mails `newEmail` the link that makes it the account's address; earlier links stop working.
 * Inside the caller's transaction; the caller nudges the mail worker once it commits.
 */
export async function requestEmailChange(
  ctx: AppContext,
  tx: Transaction,
  user: { id: string; email: string; name: string },
  newEmail: string,
  now: Date,
): Promise<void> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw errors.emailTaken();
  await endChangeLinks(tx, user.id, now, "confirm");
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LINK_MS);
  await tx.insert(emailChanges).values({
    tokenHash: hashOf(token),
    userId: user.id,
    kind: "confirm",
    oldEmail: user.email,
    newEmail,
    createdAt: now,
    expiresAt,
  });
  await enqueueMail(
    tx,
    {
      type: "email_change_confirm",
      to: newEmail,
      // The new address is not known to be the reader's: the mail carries no name they typed.
      data: {
        name: null,
        newEmail,
        confirmUrl: `${ctx.config.publicUrl}/confirm-email?token=${token}`,
        expiresAt,
      },
    },
    ctx.mail.format,
    now,
  );
}

/**
 * The link a new account's welcome mail carries to prove its address (issue 45): a confirm link
 * for the address the account already has (old and new the same), kept as email changes' links
 * are, for 24 hours. Opening it proves the address; then the welcome greets the reader by name.
 */
export async function addressProofUrl(
  ctx: AppContext,
  tx: Transaction,
  user: { id: string; email: string },
  now: Date,
): Promise<string> {
  const token = newToken();
  await tx.insert(emailChanges).values({
    tokenHash: hashOf(token),
    userId: user.id,
    kind: "confirm",
    oldEmail: user.email,
    newEmail: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_MS),
  });
  return `${ctx.config.publicUrl}/confirm-email?token=${token}`;
}

/** The address is the reader's: mail now greets them by name, starting with the welcome. */
async function proveAddress(
  ctx: AppContext,
  tx: Transaction,
  link: EmailChangeRow,
  now: Date,
): Promise<string | null> {
  const [proven] = await tx
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, link.userId), eq(users.email, link.oldEmail)))
    .returning({ name: users.name });
  // The address changed since the welcome was sent: this link proves nothing now.
  if (!proven) return null;
  await enqueueMail(
    tx,
    {
      type: "register",
      to: link.oldEmail,
      data: { name: proven.name, shopUrl: ctx.config.publicUrl },
    },
    ctx.mail.format,
    now,
  );
  return link.oldEmail;
}

type EmailChangeRow = typeof emailChanges.$inferSelect;

/** Uses a mailed link of `kind` once, while it lives; null when it is unknown, used or old. */
async function takeLink(
  tx: Transaction,
  token: string,
  kind: "confirm" | "undo",
  now: Date,
): Promise<EmailChangeRow | null> {
  const [link] = await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, hashOf(token)),
        eq(emailChanges.kind, kind),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning();
  return link ?? null;
}

/**
 * Opens a mailed link of `kind`: limited per address and per token as resets are, taken once in
 * the transaction `apply` runs in; null from `apply` (or a link unknown, used or old) is 400.
 */
async function openLink(
  ctx: AppContext,
  token: string,
  ip: string,
  kind: "confirm" | "undo",
  apply: (tx: Transaction, link: EmailChangeRow, now: Date) => Promise<string | null>,
): Promise<string> {
  await ctx.rateLimiter.hit(
    [`email-link:ip:${ip}`, `email-link:token:${hashOf(token).slice(0, 16)}`],
    ctx.config.authRateLimit,
  );
  const now = ctx.clock.now();
  let email: string | null;
  try {
    email = await ctx.db.transaction(async (tx) => {
      const link = await takeLink(tx, token, kind, now);
      return link ? apply(tx, link, now) : null;
    });
  } catch (error) {
    // The address was taken by another account meanwhile.
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
  if (!email) throw errors.emailLinkInvalid();
  return email;
}

/**
 * Opens the link mailed to the new address: the change is made and the old address told. A new
 * account's proof link (addressProofUrl) only proves the address, and the welcome follows.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<EmailLinkResponse> {
  let proof = false;
  const newEmail = await openLink(ctx, token, ip, "confirm", async (tx, link, now) => {
    if (link.oldEmail === link.newEmail) {
      proof = true;
      return proveAddress(ctx, tx, link, now);
    }
    const [changed] = await tx
      .update(users)
      .set({ email: link.newEmail, emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), eq(users.email, link.oldEmail)))
      .returning({ name: users.name });
    // The address changed some other way since the link was sent: the link is spent.
    if (!changed) return null;
    // A reset link mailed to the old address must not work on the account afterwards.
    await endResetLinks(tx, link.userId, now);
    const undo = newToken();
    const expiresAt = new Date(now.getTime() + LINK_MS);
    await tx.insert(emailChanges).values({
      tokenHash: hashOf(undo),
      userId: link.userId,
      kind: "undo",
      oldEmail: link.oldEmail,
      newEmail: link.newEmail,
      createdAt: now,
      expiresAt,
    });
    await enqueueMail(
      tx,
      {
        type: "email_changed",
        to: link.oldEmail,
        data: {
          name: changed.name,
          newEmail: link.newEmail,
          undoUrl: `${ctx.config.publicUrl}/undo-email?token=${undo}`,
          expiresAt,
        },
      },
      ctx.mail.format,
      now,
    );
    return link.newEmail;
  });
  ctx.mail.nudge();
  if (proof) {
    return {
      state: "success",
      message: `Thank you: ${newEmail} is confirmed as your address.`,
      email: newEmail,
    };
  }
  return { state: "success", message: `Your email address is now ${newEmail}.`, email: newEmail };
}

/**
 * Opens the link mailed to the old address: it is the account's address again, and every
 * session is signed out, since whoever made the change may hold one.
 */
export async function undoEmailChange(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<EmailLinkResponse> {
  const oldEmail = await openLink(ctx, token, ip, "undo", async (tx, link, now) => {
    const [changed] = await tx
      .update(users)
      .set({ email: link.oldEmail, emailVerifiedAt: now })
      .where(eq(users.id, link.userId))
      .returning({ id: users.id });
    if (!changed) return null;
    await endChangeLinks(tx, link.userId, now);
    await endResetLinks(tx, link.userId, now);
    await endSessions(tx, link.userId, now);
    return link.oldEmail;
  });
  return {
    state: "success",
    message: `Your email address is ${oldEmail} again, and every session has been signed out. If you did not ask for the change, please reset your password.`,
    email: oldEmail,
  };
}
