import type { AdminReview, AdminReviews, adminReviewsQuerySchema } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { books, reviews, users } from "../../db/schema";

// What the staff console reads of reviews (design.md §7.1): hidden ones too, with their book and
// writer. Reads only: every write to `reviews` stays in service.ts.

function selectAdminReviews(db: Executor) {
  return db
    .select({
      id: reviews.id,
      bookId: reviews.bookId,
      bookTitle: books.title,
      userId: reviews.userId,
      username: users.name,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .innerJoin(books, eq(books.id, reviews.bookId))
    .innerJoin(users, eq(users.id, reviews.userId));
}

type AdminReviewRow = Awaited<ReturnType<ReturnType<typeof selectAdminReviews>["execute"]>>[number];

function presentAdminReview(row: AdminReviewRow): AdminReview {
  return {
    reviewId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.bookTitle,
    userId: row.userId,
    username: row.username,
    rating: row.rating,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
  };
}

/** Reviews for moderation, newest first: visible, hidden or all; by words of it, its book or its writer. */
export async function listStaffReviews(
  db: Executor,
  query: z.output<typeof adminReviewsQuerySchema>,
): Promise<AdminReviews> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.status === "visible") conditions.push(isNull(reviews.hiddenAt));
  if (query.status === "hidden") conditions.push(isNotNull(reviews.hiddenAt));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(reviews.content, pattern), ilike(books.title, pattern), ilike(users.name, pattern)),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    selectAdminReviews(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(reviews)
      .innerJoin(books, eq(books.id, reviews.bookId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where),
  ]);
  return {
    state: "success",
    reviews: rows.map(presentAdminReview),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** Every review a reader wrote, hidden ones too, newest first. */
export async function staffReviewsOf(db: Executor, userId: string): Promise<AdminReview[]> {
  const rows = await selectAdminReviews(db)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(presentAdminReview);
}

/** One review as the console shows it, hidden or not. */
export async function staffReviewById(
  db: Executor,
  reviewId: number,
): Promise<AdminReview | undefined> {
  const [row] = await selectAdminReviews(db).where(eq(reviews.id, reviewId));
  return row && presentAdminReview(row);
}
