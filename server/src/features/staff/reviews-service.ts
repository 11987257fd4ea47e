import type { AdminReview, ReviewModeration } from "@folio/contract/admin";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { hideReview, moderatorDeleteReview, staffReviewById, unhideReview } from "../reviews";
import { staffChange, type Actor, type AuditRecord } from "./audit";

type Moderated = Awaited<ReturnType<typeof hideReview>>;

/** The review as the audit log keeps it: what the reader wrote, and whether it was hidden. */
const asLogged = (review: Moderated["before"]) => ({
  bookId: review.bookId,
  userId: review.userId,
  rating: review.rating,
  content: review.content,
  createdAt: review.createdAt.toISOString(),
  hiddenAt: review.hiddenAt?.toISOString() ?? null,
  hiddenReason: review.hiddenReason,
});

/** One moderation: the reviews feature makes the change, this presents and audits it. */
function moderate(
  ctx: AppContext,
  actor: Actor,
  reviewId: number,
  change: (tx: Transaction, now: Date) => Promise<Moderated>,
  audit: Pick<AuditRecord, "action" | "reason">,
): Promise<ReviewModeration> {
  return staffChange(ctx, actor, async (tx, now) => {
    const { before, rating, ratingCount } = await change(tx, now);
    const review: AdminReview | null = (await staffReviewById(tx, reviewId)) ?? null;
    return {
      result: { state: "success" as const, review, rating, ratingCount },
      audit: {
        ...audit,
        targetType: "review",
        targetId: reviewId,
        before: asLogged(before),
        after: review && { hiddenAt: review.hiddenAt, hiddenReason: review.hiddenReason },
      },
    };
  });
}

export const hideReviewByStaff = (
  ctx: AppContext,
  actor: Actor,
  input: { reviewId: number; reason: string },
) =>
  moderate(
    ctx,
    actor,
    input.reviewId,
    (tx, now) => hideReview(tx, input.reviewId, input.reason, now),
    { action: "review.hide", reason: input.reason },
  );

export const unhideReviewByStaff = (ctx: AppContext, actor: Actor, input: { reviewId: number }) =>
  moderate(ctx, actor, input.reviewId, (tx) => unhideReview(tx, input.reviewId), {
    action: "review.unhide",
  });

export const deleteReviewByStaff = (
  ctx: AppContext,
  actor: Actor,
  input: { reviewId: number; reason: string },
) =>
  moderate(ctx, actor, input.reviewId, (tx) => moderatorDeleteReview(tx, input.reviewId), {
    action: "review.delete",
    reason: input.reason,
  });
