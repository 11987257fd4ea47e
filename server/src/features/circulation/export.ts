import { wireId } from "@folio/contract/common";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, holds, loans } from "../../db/schema";
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
/** Every hold the reader placed, open or closed, newest first, for their data export (§7.4). */
export async function exportHoldsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: holds.id,
      bookId: holds.bookId,
      title: books.title,
      status: holds.status,
      autoBorrow: holds.autoBorrow,
      placedAt: holds.placedAt,
      readyAt: holds.readyAt,
      readyUntil: holds.readyUntil,
      closedAt: holds.closedAt,
    })
    .from(holds)
    .innerJoin(books, eq(books.id, holds.bookId))
    .where(eq(holds.userId, userId))
    .orderBy(desc(holds.placedAt), desc(holds.id));
  return rows.map((row) => ({
    holdId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    status: row.status,
    autoBorrow: row.autoBorrow,
    placedAt: row.placedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    readyUntil: row.readyUntil?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  }));
}
