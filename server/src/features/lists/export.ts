import { wireId } from "@folio/contract/common";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, cartItems, wishlistItems } from "../../db/schema";

async function exportList(
  db: Executor,
  table: typeof cartItems | typeof wishlistItems,
  userId: string,
) {
  const rows = await db
    .select({
      bookId: table.bookId,
      title: books.title,
      author: books.author,
      addedAt: table.addedAt,
    })
    .from(table)
    .innerJoin(books, eq(books.id, table.bookId))
    .where(eq(table.userId, userId))
    .orderBy(asc(table.addedAt), asc(table.bookId));
  return rows.map((row) => ({
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    bookAuthor: row.author,
    addedAt: row.addedAt.toISOString(),
  }));
}

/** The books in the reader's cart, in the order added, for their data export (design.md §7.4). */
export const exportCartOf = (db: Executor, userId: string) => exportList(db, cartItems, userId);

/** The books on the reader's wishlist, in the order added, for their data export. */
export const exportWishlistOf = (db: Executor, userId: string) =>
  exportList(db, wishlistItems, userId);
