import type {
  AdminBook,
  AdminBooks,
  AdminCategory,
  adminBooksQuerySchema,
} from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { books, categories } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds } from "../../money";
import { coverUrlFor } from "./presenter";
import { normalizeForSearch } from "./search-text";
import { listCategoriesForImport } from "./stock";

// What the staff console reads of the catalogue: every book, retired ones too, with what only
// staff see (lends left, when it was retired). Staff add the open loans from circulation.

/** A book as the console shows it, but for its open loans (circulation counts them). */
export type StaffBook = Omit<AdminBook, "onLoan">;

const adminColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  categoryId: books.categoryId,
  categoryName: categories.name,
  description: books.description,
  year: books.year,
  language: books.language,
  pricePence: books.pricePence,
  totalCopies: books.totalCopies,
  availableCopies: books.availableCopies,
  loanCap: books.loanCap,
  borrowTimes: books.borrowTimes,
  rating: books.rating,
  ratingCount: books.ratingCount,
  retiredAt: books.retiredAt,
  createdAt: books.createdAt,
  coverKey: books.coverKey,
  contentVersion: books.contentVersion,
  sample: books.sample,
};

function selectAdminBooks(db: Executor) {
  return db
    .select(adminColumns)
    .from(books)
    .innerJoin(categories, eq(books.categoryId, categories.id));
}

type AdminBookRow = Awaited<ReturnType<ReturnType<typeof selectAdminBooks>["execute"]>>[number];

function presentAdminBook(row: AdminBookRow): StaffBook {
  return {
    bookId: wireId(row.id),
    title: row.title,
    author: row.author,
    categoryId: wireId(row.categoryId),
    categoryName: row.categoryName,
    description: row.description,
    year: row.year,
    language: row.language,
    price: penceToPounds(row.pricePence),
    copies: row.totalCopies,
    availableCopies: row.availableCopies,
    lendsLeft: Math.max(0, row.loanCap - row.borrowTimes),
    borrowTimes: row.borrowTimes,
    rating: row.rating === null ? null : Number(row.rating),
    ratingCount: row.ratingCount,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    // A replaced file's cover has a new address, so no browser shows the one it kept.
    coverUrl: row.coverKey
      ? `${coverUrlFor(row.id)}${row.contentVersion > 0 ? `?v=${row.contentVersion}` : ""}`
      : null,
    sample: row.sample,
  };
}

const sortColumns = {
  title: books.searchTitle,
  author: books.searchAuthor,
  createdAt: books.createdAt,
  price: books.pricePence,
  copies: books.totalCopies,
  borrowTimes: books.borrowTimes,
};

/** The console's book list: words of the title or author, status, category; sorted, paged. */
export async function listStaffBooks(
  db: Executor,
  query: z.output<typeof adminBooksQuerySchema>,
): Promise<Omit<AdminBooks, "books"> & { books: StaffBook[] }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: SQL[] = [];
  // Each word must be in the title or the author, as search compares (case and accents aside).
  for (const word of normalizeForSearch(query.q ?? "")
    .split(" ")
    .filter(Boolean)) {
    const pattern = containsPattern(word);
    conditions.push(
      sql`(${books.searchTitle} like ${pattern} or ${books.searchAuthor} like ${pattern})`,
    );
  }
  if (query.status === "active") conditions.push(isNull(books.retiredAt));
  if (query.status === "retired") conditions.push(isNotNull(books.retiredAt));
  if (query.categoryId !== undefined) conditions.push(eq(books.categoryId, query.categoryId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.order === "desc" ? desc : asc;
  const [rows, [totals]] = await Promise.all([
    selectAdminBooks(db)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(books.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(books).where(where),
  ]);
  return {
    state: "success",
    books: rows.map(presentAdminBook),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** Books in the catalogue: retired ones are not counted. */
export async function countActiveBooks(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(books).where(isNull(books.retiredAt));
  return row?.total ?? 0;
}

/** One book as the console shows it, retired or not; 404 for an unknown id. */
export async function findStaffBook(db: Executor, bookId: number): Promise<StaffBook> {
  const [row] = await selectAdminBooks(db).where(eq(books.id, bookId));
  if (!row) throw errors.bookNotFound();
  return presentAdminBook(row);
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  books: count(books.id),
};

function selectStaffCategories(db: Executor) {
  return (
    db
      .select(categoryColumns)
      .from(categories)
      // Retired books are in no category's count.
      .leftJoin(books, and(eq(books.categoryId, categories.id), isNull(books.retiredAt)))
      .groupBy(categories.id)
  );
}

const presentStaffCategory = (row: {
  id: number;
  slug: string;
  name: string;
  description: string;
  books: number;
}): AdminCategory => ({
  categoryId: wireId(row.id),
  slug: row.slug,
  name: row.name,
  description: row.description,
  books: row.books,
});

export async function listStaffCategories(db: Executor): Promise<AdminCategory[]> {
  const rows = await selectStaffCategories(db).orderBy(asc(categories.name));
  return rows.map(presentStaffCategory);
}

export async function findStaffCategory(db: Executor, categoryId: number): Promise<AdminCategory> {
  const [row] = await selectStaffCategories(db).where(eq(categories.id, categoryId));
  if (!row) throw errors.categoryNotFound();
  return presentStaffCategory(row);
}

/**
 * The category a book's subjects suggest: the first subject that names one, contains one's name
 * or is contained in it (case and accents aside); null when none does.
 */
export async function suggestCategory(db: Executor, subjects: string[]): Promise<number | null> {
  const all = await listCategoriesForImport(db);
  for (const subject of subjects.map(normalizeForSearch).filter(Boolean)) {
    const match = all.find(
      (c) =>
        c.searchName === subject ||
        subject.includes(c.searchName) ||
        c.searchName.includes(subject),
    );
    if (match) return match.id;
  }
  return null;
}
