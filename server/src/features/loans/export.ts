import { wireId } from "@folio/contract/common";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, loans } from "../../db/schema";
import { penceToPounds } from "../../money";

/**
 * Every loan the reader ever made, newest first, for their data export (design.md §7.4), in the
 * field names the loan calls use.
 */
export async function exportLoansOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: loans.id,
      bookId: loans.bookId,
      title: books.title,
      author: books.author,
      borrowedAt: loans.borrowedAt,
      dueAt: loans.dueAt,
      returnedAt: loans.returnedAt,
      pricePence: loans.pricePence,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.borrowedAt), desc(loans.id));
  return rows.map((row) => ({
    borrowId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    bookAuthor: row.author,
    borrowDate: row.borrowedAt.toISOString(),
    dueDate: row.dueAt.toISOString(),
    returnDate: row.returnedAt?.toISOString() ?? null,
    price: penceToPounds(row.pricePence),
  }));
}
