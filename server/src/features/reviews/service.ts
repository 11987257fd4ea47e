import { wireId } from "@folio/contract/common";
import type { AddReviewRequest, Review, ReviewList } from "@folio/contract/reviews";
import { and, desc, eq } from "drizzle-orm";
import type { AppContext, EventHandler } from "../../context";
import type { Executor } from "../../db/client";
import { books, loans, reviews, users } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "../accounts";
import { adjustRating } from "../catalogue";

const reviewColumns = {
  id: reviews.id,
  userId: reviews.userId,
  bookId: reviews.bookId,
  rating: reviews.rating,
  content: reviews.content,
  createdAt: reviews.createdAt,
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
  };
}

function selectReviews(db: Executor) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(books, eq(books.id, reviews.bookId));
}

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
    const [loan] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, user.id), eq(loans.bookId, input.bookId)))
      .limit(1);
    if (!loan) throw errors.reviewNeedsLoan();
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

export async function reviewsOfBook(ctx: AppContext, bookId: number): Promise<ReviewList> {
  const [book] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.id, bookId));
  if (!book) throw errors.bookNotFound();
  return toList(
    await selectReviews(ctx.db)
      .where(eq(reviews.bookId, bookId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(500),
  );
}

export async function reviewsOfUser(ctx: AppContext, user: AuthUser): Promise<ReviewList> {
  return toList(
    await selectReviews(ctx.db)
      .where(eq(reviews.userId, user.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  );
}

export async function reviewContent(ctx: AppContext, commentId: number) {
  const [row] = await selectReviews(ctx.db).where(eq(reviews.id, commentId));
  if (!row) throw errors.reviewNotFound();
  return { state: "success" as const, ...presentReview(row) };
}

export async function deleteReview(ctx: AppContext, user: AuthUser, commentId: number) {
  return ctx.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, commentId)).for("update");
    if (!review) throw errors.reviewNotFound();
    if (review.userId !== user.id) throw errors.notYourReview();
    await tx.delete(reviews).where(eq(reviews.id, commentId));
    const rating = await adjustRating(tx, review.bookId, -review.rating, -1);
    return { state: "success" as const, message: "Review deleted", ...rating };
  });
}

/** Account deletion: the reader's reviews go, and the books' ratings move with them. */
export const deleteReviewsOf: EventHandler<"accountDeleted"> = async (_ctx, tx, { userId }) => {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ bookId: reviews.bookId, rating: reviews.rating });
  for (const review of gone) await adjustRating(tx, review.bookId, -review.rating, -1);
};
