import type { Book, BookDetail, Category } from "@folio/contract/catalogue";
import { wireId } from "@folio/contract/common";
import type { BookRow, CategoryRow } from "../../db/schema";
import { penceToPounds } from "../../money";

export type BookWithCategory = BookRow & { categoryName: string };

export function coverUrlFor(bookId: number): string {
  return `/api/books/${bookId}/cover`;
}

/**
 * The columns a book in a list needs: no search columns, no counters only detail shows.
 * `retiredAt` is a Date as drizzle reads it, ISO text as a JSON read gives it.
 */
export type ListedBookRow = { retiredAt: Date | string | null } & Pick<
  BookWithCategory,
  | "id"
  | "title"
  | "author"
  | "categoryName"
  | "categoryId"
  | "pricePence"
  | "rating"
  | "ratingCount"
  | "description"
  | "availableCopies"
  | "totalCopies"
  | "year"
  | "language"
  | "loanCap"
  | "borrowTimes"
  | "sample"
>;

/**
 * The one place where database columns become the wire names of spec.md §3. A retired book
 * shows no copy free and no lend left: it cannot be borrowed (design.md §7.1).
 */
export function presentBook(row: ListedBookRow): Book {
  const retired = row.retiredAt !== null;
  return {
    bookId: wireId(row.id),
    id: wireId(row.id),
    title: row.title,
    author: row.author,
    category: row.categoryName,
    categoryId: wireId(row.categoryId),
    price: penceToPounds(row.pricePence),
    rating: row.rating === null ? null : Number(row.rating),
    ratingCount: row.ratingCount,
    description: row.description,
    coverUrl: coverUrlFor(row.id),
    availableCopies: retired ? 0 : row.availableCopies,
    totalCopies: row.totalCopies,
    year: row.year,
    language: row.language,
    lendsLeft: retired ? 0 : Math.max(0, row.loanCap - row.borrowTimes),
    sample: row.sample,
  };
}

export function presentBookDetail(row: ListedBookRow): BookDetail {
  return { state: "success", ...presentBook(row), borrowTimes: row.borrowTimes };
}

export function presentCategory(row: CategoryRow, bookCount: number): Category {
  return { id: wireId(row.id), name: row.name, description: row.description, bookCount };
}
