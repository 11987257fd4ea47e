import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../../db/client";
import { books, catalogueVersion, categories } from "../../db/schema";
import { normalizeForSearch } from "./search-text";

// The catalogue owns `books` and `categories` (decision 016): every write to them is here, and
// other features call these functions rather than touching the rows themselves. A book's stock
// of copies is circulation's (decision 035): the catalogue only makes a book with its first.

/**
 * Moves a book's rating by one review, in the same statement that reads it, so concurrent adds
 * and deletes cannot lose one another's change. The mean is kept to one decimal.
 */
export async function adjustRating(
  tx: Transaction,
  bookId: number,
  ratingDelta: number,
  countDelta: number,
): Promise<{ rating: number | null; ratingCount: number }> {
  const [book] = await tx
    .update(books)
    .set({
      ratingSum: sql`${books.ratingSum} + ${ratingDelta}`,
      ratingCount: sql`${books.ratingCount} + ${countDelta}`,
      rating: sql`case when ${books.ratingCount} + ${countDelta} = 0 then null
        else round((${books.ratingSum} + ${ratingDelta})::numeric / (${books.ratingCount} + ${countDelta}), 1) end`,
    })
    .where(eq(books.id, bookId))
    .returning({ rating: books.rating, ratingCount: books.ratingCount });
  return {
    rating: book?.rating === null || book?.rating === undefined ? null : Number(book.rating),
    ratingCount: book?.ratingCount ?? 0,
  };
}

export interface NewCategory {
  slug: string;
  name: string;
  description: string;
}

const categoryValues = ({ slug, name, description }: NewCategory) => ({
  slug,
  name,
  description,
  searchName: normalizeForSearch(name),
});

/** Adds the categories not there yet (by slug); answers how many were added. */
export async function addCategories(db: Executor, rows: readonly NewCategory[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db
    .insert(categories)
    .values(rows.map(categoryValues))
    .onConflictDoNothing()
    .returning({ id: categories.id });
  return added.length;
}

/** The category of this slug, made when it is missing; answers its id. */
export async function ensureCategory(db: Executor, category: NewCategory): Promise<number> {
  const [row] = await db
    .insert(categories)
    .values(categoryValues(category))
    .onConflictDoUpdate({ target: categories.slug, set: { name: category.name } })
    .returning({ id: categories.id });
  return row!.id;
}

export interface NewBook {
  title: string;
  author: string;
  categoryId: number;
  year: number | null;
  language: string;
  description: string;
  pricePence: number;
  copies: number;
  /** loans its lending licence allows in all; the column's default (10) when left out */
  loanCap?: number;
  /** the seed's sample edition of the book (its first pages), not the work's full text */
  sample?: boolean;
}

const bookValues = (book: NewBook) => ({
  title: book.title,
  author: book.author,
  categoryId: book.categoryId,
  year: book.year,
  language: book.language,
  description: book.description,
  pricePence: book.pricePence,
  totalCopies: book.copies,
  availableCopies: book.copies,
  searchTitle: normalizeForSearch(book.title),
  searchAuthor: normalizeForSearch(book.author),
  ...(book.loanCap === undefined ? {} : { loanCap: book.loanCap }),
  ...(book.sample === undefined ? {} : { sample: book.sample }),
});

/** Adds the books not there yet (by title and author); answers how many were added. */
export async function addBooks(db: Executor, rows: readonly NewBook[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db
    .insert(books)
    .values(rows.map(bookValues))
    .onConflictDoNothing()
    .returning({ id: books.id });
  return added.length;
}

/** The book of this title and author, its row locked for the transaction; undefined if none. */
export async function lockBookByTitle(tx: Transaction, title: string, author: string) {
  const [row] = await tx
    .select({
      id: books.id,
      totalCopies: books.totalCopies,
      availableCopies: books.availableCopies,
      sample: books.sample,
    })
    .from(books)
    .where(and(eq(books.title, title), eq(books.author, author)))
    .for("update");
  return row;
}

/** Adds one book; answers its id. */
export async function addBook(tx: Transaction, book: NewBook): Promise<number> {
  const [row] = await tx.insert(books).values(bookValues(book)).returning({ id: books.id });
  return row!.id;
}

export interface EditionChanges {
  description: string;
  language: string;
  categoryId: number;
  year?: number;
  pricePence?: number;
}

/** Updates a book from a new edition of it (its copies are circulation's: setEditionCopies). */
export async function updateEdition(
  tx: Transaction,
  bookId: number,
  changes: EditionChanges,
): Promise<void> {
  await tx.update(books).set(changes).where(eq(books.id, bookId));
}

/**
 * Marks as sample editions the books of these titles, authors and descriptions that still have
 * the file they were made with (content version 0): a shop seeded before the column was. A
 * book given a real EPUB since has a later version; one imported under a seed title has its
 * own description. Answers how many were marked.
 */
export async function markSampleEditions(
  db: Database,
  editions: readonly { title: string; author: string; description: string }[],
): Promise<number> {
  if (editions.length === 0) return 0;
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(books)
      .set({ sample: true })
      .where(
        sql`${books.sample} = false and ${books.contentVersion} = 0 and (${books.title}, ${books.author}, ${books.description}) in (select * from unnest(${sql.param(editions.map((e) => e.title))}::text[], ${sql.param(editions.map((e) => e.author))}::text[], ${sql.param(editions.map((e) => e.description))}::text[]))`,
      )
      .returning({ id: books.id });
    if (marked.length > 0) await bumpCatalogueVersion(tx);
    return marked.length;
  });
}

export async function setCoverKey(tx: Transaction, bookId: number, key: string): Promise<void> {
  await tx.update(books).set({ coverKey: key }).where(eq(books.id, bookId));
}

/** Every category, with what an import matches a book's subjects and its --category against. */
export async function listCategoriesForImport(db: Executor) {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      searchName: categories.searchName,
    })
    .from(categories);
}

/**
 * Raises the catalogue's version in `tx`: every process polls it and drops its catalogue caches
 * when it moves, so a staff change shows everywhere within a second (design.md §7.1).
 */
export async function bumpCatalogueVersion(tx: Transaction): Promise<void> {
  await tx
    .update(catalogueVersion)
    .set({ version: sql`${catalogueVersion.version} + 1` })
    .where(eq(catalogueVersion.id, 1));
}
