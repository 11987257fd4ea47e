import { wireId } from "@folio/contract/common";
import {
  CONTENT_URL_MINUTES,
  type ContentResponse,
  type Progress,
  type ProgressList,
  type ProgressRequest,
} from "@folio/contract/reading";
import { and, desc, eq } from "drizzle-orm";
import { MINUTE } from "../../clock";
import type { AppContext } from "../../context";
import { readingProgress } from "../../db/schema";
import { errors } from "../../errors";
import { isSessionLive, type AuthUser } from "../accounts";
import { bookFileKey } from "../catalogue";
import { readableUntil as readableUntilOf } from "../circulation";
import type { ContentInfo } from "../../storage/content-store";
import { signContentUrl, verifyContentGrant, type GrantCheck } from "./signed-url";

/** True when the reader holds an open loan of the book that is not overdue. */
export async function canRead(ctx: AppContext, userId: string, bookId: number): Promise<boolean> {
  return (await readableUntil(ctx, userId, bookId)) !== null;
}

/** When the reader's open, not overdue, loan of the book falls due; null without one. */
export async function readableUntil(
  ctx: AppContext,
  userId: string,
  bookId: number,
): Promise<Date | null> {
  return readableUntilOf(ctx.db, userId, bookId, ctx.clock.now());
}

export async function contentUrlFor(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<ContentResponse> {
  if (!(await canRead(ctx, user.id, bookId))) throw errors.notBorrowedForReading();
  const expires = Math.floor((ctx.clock.now().getTime() + CONTENT_URL_MINUTES * MINUTE) / 1000);
  return {
    state: "success",
    contentURL: signContentUrl(ctx.config.secret, {
      bookId,
      userId: user.id,
      sessionId: user.sessionId,
      expires,
    }),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The key of the book's current file behind a signed link (a content link or a publication
 * link), after checking the link, its session and the loan: each on every request, not only
 * when the link was made.
 */
export async function grantedFileKey(
  ctx: AppContext,
  bookId: number,
  check: GrantCheck,
): Promise<string> {
  if (!check.ok)
    throw check.reason === "expired" ? errors.contentLinkExpired() : errors.contentLinkInvalid();
  const { userId, sessionId } = check.grant;
  if (!(await isSessionLive(ctx, sessionId, userId))) throw errors.contentLinkEnded();
  if (!(await canRead(ctx, userId, bookId))) throw errors.notBorrowedForReading();
  // The row says which file is the book now: a replaced file is a new version (decision 020).
  const key = await bookFileKey(ctx.db, bookId);
  if (!key) throw errors.bookNotFound();
  return key;
}

/** The stored EPUB behind a signed content link, checked as `grantedFileKey` checks. */
export async function openContent(
  ctx: AppContext,
  bookId: number,
  link: Parameters<typeof verifyContentGrant>[2],
): Promise<{ key: string; info: ContentInfo }> {
  const key = await grantedFileKey(
    ctx,
    bookId,
    verifyContentGrant(ctx.config.secret, bookId, link, ctx.clock.now().getTime()),
  );
  const info = await ctx.content.stat(key);
  if (!info) throw errors.contentMissing();
  return { key, info };
}

export async function saveProgress(
  ctx: AppContext,
  user: AuthUser,
  input: ProgressRequest,
): Promise<Progress> {
  if (!(await canRead(ctx, user.id, input.bookId))) throw errors.notBorrowedForReading();
  const now = ctx.clock.now();
  const values = {
    locator: input.locator,
    percentage: Math.round(input.percentage * 100) / 100,
    updatedAt: now,
  };
  await ctx.db
    .insert(readingProgress)
    .values({ userId: user.id, bookId: input.bookId, ...values })
    .onConflictDoUpdate({ target: [readingProgress.userId, readingProgress.bookId], set: values });
  return {
    state: "success",
    bookId: wireId(input.bookId),
    ...values,
    updatedAt: now.toISOString(),
  };
}

export async function loadProgress(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<Progress> {
  const [row] = await ctx.db
    .select()
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, user.id), eq(readingProgress.bookId, bookId)));
  return {
    state: "success",
    bookId: wireId(bookId),
    locator: row?.locator ?? null,
    percentage: row ? Number(row.percentage) : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listProgress(ctx: AppContext, user: AuthUser): Promise<ProgressList> {
  const rows = await ctx.db
    .select({
      bookId: readingProgress.bookId,
      percentage: readingProgress.percentage,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .where(eq(readingProgress.userId, user.id))
    .orderBy(desc(readingProgress.updatedAt));
  return {
    state: "success",
    progress: rows.map((row) => ({
      bookId: wireId(row.bookId),
      percentage: Number(row.percentage),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
