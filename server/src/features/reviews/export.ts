import { wireId } from "@folio/contract/common";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, reviews } from "../../db/schema";

/**
 * Every review the reader wrote, newest first, for their data export (design.md §7.4): hidden
 * ones too, with when and why staff hid them, since that is held about the reader as well.
 */
export async function exportReviewsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: reviews.id,
      bookId: reviews.bookId,
      title: books.title,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .innerJoin(books, eq(books.id, reviews.bookId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({
    commentId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    rating: row.rating,
    content: row.content,
    createDate: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
  }));
}
