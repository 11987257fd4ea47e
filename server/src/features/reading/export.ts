import { wireId } from "@folio/contract/common";
import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { annotations, books, readingProgress } from "../../db/schema";
import { presentAnnotation } from "./annotations";

/**
 * Every bookmark and highlight of the reader, book by book in reading order, for their data
 * export (design.md §7.4), as the annotation calls show them, with the book's title.
 */
export async function exportAnnotationsOf(db: Executor, userId: string) {
  const rows = await db
    .select({ annotation: getTableColumns(annotations), title: books.title })
    .from(annotations)
    .innerJoin(books, eq(books.id, annotations.bookId))
    .where(eq(annotations.userId, userId))
    .orderBy(
      asc(annotations.bookId),
      sql`${annotations.position} asc nulls last`,
      asc(annotations.createdAt),
      asc(annotations.id),
    );
  return rows.map((row) => ({ ...presentAnnotation(row.annotation), bookTitle: row.title }));
}

/** Where the reader is in every book they opened, latest first, for their data export. */
export async function exportReadingProgressOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      bookId: readingProgress.bookId,
      title: books.title,
      locator: readingProgress.locator,
      percentage: readingProgress.percentage,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .innerJoin(books, eq(books.id, readingProgress.bookId))
    .where(eq(readingProgress.userId, userId))
    .orderBy(desc(readingProgress.updatedAt), asc(readingProgress.bookId));
  return rows.map((row) => ({
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    locator: row.locator,
    percentage: Number(row.percentage),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
