import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { books, catalogueVersion, categories } from "../../db/schema";
import { announce } from "../../events";
import { normalizeForSearch } from "./search-text";

// The catalogue owns `books` and `categories` (decision 016): every write to them is here, and
// other features call these functions rather than touching the rows themselves.

/** What lending needs of each book asked for, its row locked for the rest of the transaction. */
export async function lockBooksForLending(tx: Transaction, bookIds: number[]) {
  // Book rows in id order, so two borrowers lock them in the same order and never deadlock.
  return tx
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      pricePence: books.pricePence,
      availableCopies: books.availableCopies,
      borrowTimes: books.borrowTimes,
      loanCap: books.loanCap,
      // A retired book is lent to no one (design.md §7.1); its open loans go on.
      retiredAt: books.retiredAt,
    })
    .from(books)
    .where(inArray(books.id, bookIds))
    .orderBy(books.id)
    .for("update");
}

/**
 * Lends one copy of each book. A copy comes off the shelf, unless it was kept for the reader's
 * ready hold (`kept`): that one is off the shelf already. The loans in `spendingLicence` are new
 * lends of the book's licence and count for Popular; a loan again of a book the reader had this
 * month is neither. The CHECK on available_copies backs up the caller's lock: never below zero.
 */
export async function takeCopies(
  tx: Transaction,
  bookIds: number[],
  spendingLicence: number[],
  kept: number[] = [],
): Promise<void> {
  if (bookIds.length === 0) return;
  const spends = spendingLicence.length > 0 ? inArray(books.id, spendingLicence) : sql`false`;
  const fromShelf = kept.length > 0 ? sql`not ${inArray(books.id, kept)}` : sql`true`;
  await tx
    .update(books)
    .set({
      availableCopies: sql`${books.availableCopies} - (case when ${fromShelf} then 1 else 0 end)`,
      borrowTimes: sql`${books.borrowTimes} + (case when ${spends} then 1 else 0 end)`,
      recentLoans: sql`${books.recentLoans} + (case when ${spends} then 1 else 0 end)`,
    })
    .where(inArray(books.id, bookIds));
}

/**
 * Sets each book's count of new lends in the last 30 days (Popular's order) from `recentLends`,
 * a query of (book_id, n) rows, in one statement; books with none go back to 0.
 */
export async function setRecentLoans(tx: Transaction, recentLends: SQL): Promise<void> {
  await tx.execute(sql`
    update ${books} set recent_loans = coalesce(recent.n, 0)
    from (
      select b.id, r.n
      from ${books} b left join (${recentLends}) r on r.book_id = b.id
      where b.recent_loans > 0 or r.n is not null
    ) recent
    where ${books.id} = recent.id and ${books.recentLoans} <> coalesce(recent.n, 0)`);
}

/** Puts a copy back on the shelf and announces it; answers the book's title and author. */
export async function returnCopy(
  ctx: AppContext,
  tx: Transaction,
  bookId: number,
  at: Date,
): Promise<{ title: string; author: string } | null> {
  const [book] = await tx
    .update(books)
    .set({ availableCopies: sql`${books.availableCopies} + 1` })
    .where(eq(books.id, bookId))
    .returning({ title: books.title, author: books.author });
  if (!book) return null;
  await announce(ctx, tx, "copyFreed", { bookId, at });
  return book;
}

/**
 * Keeps a copy off the shelf for a reader's ready hold (design.md §7.2): available copies count
 * it out. The caller holds the book's row; the CHECK refuses to go below zero.
 */
export async function keepCopy(tx: Transaction, bookId: number): Promise<void> {
  await tx
    .update(books)
    .set({ availableCopies: sql`${books.availableCopies} - 1` })
    .where(eq(books.id, bookId));
}

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
  /** the new number of copies; those on loan stay lent, the rest are on the shelf */
  copies?: number;
}

/**
 * Updates a book from a new edition of it. Answers the copies on loan when `copies` is fewer
 * than that, and changes nothing then; else null. The row must be locked (lockBookByTitle).
 */
export async function updateEdition(
  tx: Transaction,
  book: { id: number; totalCopies: number; availableCopies: number },
  changes: EditionChanges,
): Promise<{ lent: number } | null> {
  const { copies, ...rest } = changes;
  const set: Partial<typeof books.$inferInsert> = { ...rest };
  if (copies !== undefined) {
    const lent = book.totalCopies - book.availableCopies;
    if (copies < lent) return { lent };
    set.totalCopies = copies;
    set.availableCopies = copies - lent;
  }
  await tx.update(books).set(set).where(eq(books.id, book.id));
  return null;
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
