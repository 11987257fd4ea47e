import { wireId } from "@folio/contract/common";
import type {
  AddReviewRequest,
  Review,
  ReviewList,
  UpdateReviewRequest,
} from "@folio/contract/reviews";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { AppContext, EventHandler } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { books, reviews, users } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "../accounts";
import { adjustRating } from "../catalogue";
import { everBorrowed } from "../circulation";

const reviewColumns = {
  id: reviews.id,
  userId: reviews.userId,
  bookId: reviews.bookId,
  rating: reviews.rating,
  content: reviews.content,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  username: users.name,
  bookTitle: books.title,
};

type ReviewRow = {
  id: number;
  userId: string;
  bookId: number;
  rating: number;
  content: string;
  createdAt: Date;
  updatedAt: Date | null;
  username: string;
  bookTitle: string;
};

function presentReview(row: ReviewRow): Review {
  return {
    commentId: wireId(row.id),
    id: wireId(row.id),
    uuid: row.userId,
    username: row.username,
    bookId: wireId(row.bookId),
    bookTitle: row.bookTitle,
    rating: row.rating,
    content: row.content,
    createDate: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

function selectReviews(db: Executor) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(books, eq(books.id, reviews.bookId));
}

/** What readers see: a review staff have hidden is in no reader's answer, its author's neither. */
const visible = isNull(reviews.hiddenAt);

const toList = (rows: ReviewRow[]): ReviewList => {
  const list = rows.map(presentReview);
  return { state: "success", commentIds: list.map((r) => r.commentId), reviews: list };
};

export async function addReview(ctx: AppContext, user: AuthUser, input: AddReviewRequest) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [book] = await tx.select({ id: books.id }).from(books).where(eq(books.id, input.bookId));
    if (!book) throw errors.bookNotFound();
    // Only a reader who has borrowed the book, now or before, may review it.
    if (!(await everBorrowed(tx, user.id, input.bookId))) throw errors.reviewNeedsLoan();
    const [inserted] = await tx
      .insert(reviews)
      .values({
        userId: user.id,
        bookId: input.bookId,
        rating: input.rating,
        content: input.text,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!inserted) throw errors.alreadyReviewed();
    const rating = await adjustRating(tx, input.bookId, input.rating, 1);
    const [row] = await selectReviews(tx).where(eq(reviews.id, inserted.id));
    return {
      state: "success" as const,
      message: "Thank you for your review",
      commentId: wireId(inserted.id),
      review: presentReview(row!),
      ...rating,
    };
  });
}

/**
 * Its author changes a review's rating and text; the book's mean moves by the change. A review
 * staff have hidden stays as it is: its author no longer sees it, and it counts in no rating.
 */
export async function updateReview(ctx: AppContext, user: AuthUser, input: UpdateReviewRequest) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(eq(reviews.id, input.commentId))
      .for("update");
    if (!review) throw errors.reviewNotFound();
    if (review.userId !== user.id) throw errors.notYourReviewToEdit();
    if (review.hiddenAt) throw errors.hiddenReviewNotEditable();
    await tx
      .update(reviews)
      .set({ rating: input.rating, content: input.text, updatedAt: now })
      .where(eq(reviews.id, review.id));
    const rating = await adjustRating(tx, review.bookId, input.rating - review.rating, 0);
    const [row] = await selectReviews(tx).where(eq(reviews.id, review.id));
    return {
      state: "success" as const,
      message: "Your review is updated",
      commentId: wireId(review.id),
      review: presentReview(row!),
      ...rating,
    };
  });
}

export async function reviewsOfBook(ctx: AppContext, bookId: number): Promise<ReviewList> {
  const [book] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.id, bookId));
  if (!book) throw errors.bookNotFound();
  return toList(
    await selectReviews(ctx.db)
      .where(and(eq(reviews.bookId, bookId), visible))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(500),
  );
}

export async function reviewsOfUser(ctx: AppContext, user: AuthUser): Promise<ReviewList> {
  return toList(
    await selectReviews(ctx.db)
      .where(and(eq(reviews.userId, user.id), visible))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  );
}

export async function reviewContent(ctx: AppContext, commentId: number) {
  const [row] = await selectReviews(ctx.db).where(and(eq(reviews.id, commentId), visible));
  if (!row) throw errors.reviewNotFound();
  return { state: "success" as const, ...presentReview(row) };
}

export async function deleteReview(ctx: AppContext, user: AuthUser, commentId: number) {
  return ctx.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, commentId)).for("update");
    if (!review) throw errors.reviewNotFound();
    if (review.userId !== user.id) throw errors.notYourReview();
    // Its author may still delete a review staff hid (and then write a new one).
    return { state: "success" as const, message: "Review deleted", ...(await remove(tx, review)) };
  });
}

/** Account deletion: the reader's reviews go, and the books' ratings move with them. */
export const deleteReviewsOf: EventHandler<"accountDeleted"> = async (_ctx, tx, { userId }) => {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ bookId: reviews.bookId, rating: reviews.rating, hiddenAt: reviews.hiddenAt });
  for (const review of gone)
    if (!review.hiddenAt) await adjustRating(tx, review.bookId, -review.rating, -1);
};

type StoredReview = typeof reviews.$inferSelect;
type Rating = { rating: number | null; ratingCount: number };

/** Deletes a review; a visible one leaves its book's rating (a hidden one has left it already). */
async function remove(tx: Transaction, review: StoredReview): Promise<Rating> {
  await tx.delete(reviews).where(eq(reviews.id, review.id));
  if (!review.hiddenAt) return adjustRating(tx, review.bookId, -review.rating, -1);
  return ratingOf(tx, review.bookId);
}

async function ratingOf(tx: Transaction, bookId: number): Promise<Rating> {
  const [book] = await tx
    .select({ rating: books.rating, ratingCount: books.ratingCount })
    .from(books)
    .where(eq(books.id, bookId));
  return {
    rating: book?.rating === null || book?.rating === undefined ? null : Number(book.rating),
    ratingCount: book?.ratingCount ?? 0,
  };
}

async function lockReview(tx: Transaction, reviewId: number): Promise<StoredReview> {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
  if (!review) throw errors.staffReviewNotFound();
  return review;
}

// Moderation (design.md §7.1): staff hide a review, show it again, or delete it. A hidden review
// is in no reader's answer and out of its book's rating. Each answers the review as it was and
// the book's rating after.

export async function hideReview(
  tx: Transaction,
  reviewId: number,
  reason: string,
  at: Date,
): Promise<{ before: StoredReview } & Rating> {
  const review = await lockReview(tx, reviewId);
  if (review.hiddenAt) throw errors.reviewHidden();
  await tx
    .update(reviews)
    .set({ hiddenAt: at, hiddenReason: reason })
    .where(eq(reviews.id, reviewId));
  return { before: review, ...(await adjustRating(tx, review.bookId, -review.rating, -1)) };
}

export async function unhideReview(
  tx: Transaction,
  reviewId: number,
): Promise<{ before: StoredReview } & Rating> {
  const review = await lockReview(tx, reviewId);
  if (!review.hiddenAt) throw errors.reviewNotHidden();
  await tx
    .update(reviews)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(eq(reviews.id, reviewId));
  return { before: review, ...(await adjustRating(tx, review.bookId, review.rating, 1)) };
}

export async function moderatorDeleteReview(
  tx: Transaction,
  reviewId: number,
): Promise<{ before: StoredReview } & Rating> {
  const review = await lockReview(tx, reviewId);
  return { before: review, ...(await remove(tx, review)) };
}
