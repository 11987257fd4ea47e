import type { RelatedResult } from "@folio/contract/catalogue";
import { RELATED_MAX } from "@folio/contract/constants";
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books } from "../../db/schema";
import { errors } from "../../errors";
import { presentBook } from "./presenter";
import { selectBooks } from "./service";

const listed = (db: Executor, condition: SQL) =>
  selectBooks(db).where(and(isNull(books.retiredAt), condition));

const mostBorrowed = [sql`${books.recentLoans} desc nulls last`, asc(books.id)];

/**
 * Where a book's page leads next (design.md §7.5): what its readers also borrowed (`borrowedIds`,
 * best first, from circulation), more by its author, more in its category; never the book itself
 * nor a retired one. Each list reads at most RELATED_MAX rows off an index
 * (books_search_author_order, books_category_popular_idx).
 */
export async function relatedBooks(
  db: Executor,
  bookId: number,
  borrowedIds: number[],
): Promise<RelatedResult> {
  const [book] = await db
    .select({ searchAuthor: books.searchAuthor, categoryId: books.categoryId })
    .from(books)
    .where(eq(books.id, bookId));
  if (!book) throw errors.bookNotFound();
  const others = ne(books.id, bookId);
  const [borrowedRows, sameAuthor, sameCategory] = await Promise.all([
    borrowedIds.length === 0
      ? Promise.resolve([])
      : listed(db, and(others, inArray(books.id, borrowedIds))!),
    listed(db, and(others, eq(books.searchAuthor, book.searchAuthor))!)
      .orderBy(...mostBorrowed)
      .limit(RELATED_MAX),
    listed(db, and(others, eq(books.categoryId, book.categoryId))!)
      .orderBy(...mostBorrowed)
      .limit(RELATED_MAX),
  ]);
  const byId = new Map(borrowedRows.map((row) => [row.id, row]));
  return {
    state: "success",
    alsoBorrowed: borrowedIds
      .flatMap((id) => byId.get(id) ?? [])
      .slice(0, RELATED_MAX)
      .map(presentBook),
    sameAuthor: sameAuthor.map(presentBook),
    sameCategory: sameCategory.map(presentBook),
  };
}
