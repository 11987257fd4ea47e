import { wireId } from "@folio/contract/common";
import { and, eq, like, ne } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client";
import { escapeLike } from "../../db/like";
import { books, categories } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds } from "../../money";
import type { ContentStore } from "../../storage/content-store";
import { addBookWithFiles, type BookFiles } from "./files";
import { normalizeForSearch } from "./search-text";
import { bumpCatalogueVersion, type NewBook } from "./stock";

// Staff edits of the catalogue (design.md §7.1). Each runs in the caller's transaction, raises
// the catalogue's version (every process drops its cached lists) and answers the fields it
// changed as they were and as they are, in the wire's terms, for the audit log.

export interface Change {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

async function lockBook(tx: Transaction, bookId: number) {
  const [row] = await tx.select().from(books).where(eq(books.id, bookId)).for("update");
  if (!row) throw errors.bookNotFound();
  return row;
}

async function assertCategory(tx: Executor, categoryId: number): Promise<void> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!row) throw errors.categoryNotFound();
}

/** 409 when another book has this title and author (books_title_author_key). */
async function assertTitleFree(
  tx: Executor,
  title: string,
  author: string,
  exceptId?: number,
): Promise<void> {
  const [row] = await tx
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        eq(books.title, title),
        eq(books.author, author),
        exceptId === undefined ? undefined : ne(books.id, exceptId),
      ),
    );
  if (row) throw errors.bookExists(title, author);
}

/** What staff may change of how a book is described (its stock is circulation's). */
export interface BookFields {
  title: string;
  author: string;
  categoryId: number;
  description: string;
  pricePence: number;
}

/** Runs an insert or update, turning the title-and-author index's refusal into a clear 409. */
async function guardTitle<T>(title: string, author: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.bookExists(title, author);
    throw error;
  }
}

/**
 * Adds a book made by staff, with its EPUB and cover (files.ts): 404 for an unknown category,
 * 409 when a book of that title and author is there already.
 */
export async function createBook(
  tx: Transaction,
  store: ContentStore,
  book: NewBook,
  files: BookFiles,
): Promise<{ bookId: number; key: string }> {
  await assertCategory(tx, book.categoryId);
  await assertTitleFree(tx, book.title, book.author);
  return guardTitle(book.title, book.author, () => addBookWithFiles(tx, store, book, files));
}

/** A book's fields as the console names them: price in pounds, ids as wire ids. */
function wireFields(row: typeof books.$inferSelect): Record<keyof BookFields, unknown> {
  return {
    title: row.title,
    author: row.author,
    categoryId: wireId(row.categoryId),
    description: row.description,
    pricePence: penceToPounds(row.pricePence),
  };
}

/** Only what differs, keyed as the console sends it (price rather than pricePence). */
function differences(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: string[],
): Change {
  const change: Change = { before: {}, after: {} };
  for (const key of keys) {
    if (before[key] === after[key]) continue;
    const name = key === "pricePence" ? "price" : key;
    change.before[name] = before[key];
    change.after[name] = after[key];
  }
  return change;
}

/** Changes the fields given of a book, its row locked; 404 for an unknown book. */
export async function updateBook(
  tx: Transaction,
  bookId: number,
  changes: Partial<BookFields>,
): Promise<Change> {
  const row = await lockBook(tx, bookId);
  const set: Partial<typeof books.$inferInsert> = {};
  if (changes.categoryId !== undefined && changes.categoryId !== row.categoryId) {
    await assertCategory(tx, changes.categoryId);
    set.categoryId = changes.categoryId;
  }
  const title = changes.title ?? row.title;
  const author = changes.author ?? row.author;
  if (title !== row.title || author !== row.author) {
    await assertTitleFree(tx, title, author, bookId);
    Object.assign(set, {
      title,
      author,
      searchTitle: normalizeForSearch(title),
      searchAuthor: normalizeForSearch(author),
    });
  }
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.pricePence !== undefined) set.pricePence = changes.pricePence;
  const [after] =
    Object.keys(set).length === 0
      ? [row]
      : await guardTitle(title, author, () =>
          tx.update(books).set(set).where(eq(books.id, bookId)).returning(),
        );
  await bumpCatalogueVersion(tx);
  return differences(wireFields(row), wireFields(after!), Object.keys(changes));
}

/** Takes a book out of the catalogue: no longer listed nor lent; its open loans go on. */
export async function retireBook(tx: Transaction, bookId: number, at: Date): Promise<Change> {
  const row = await lockBook(tx, bookId);
  if (row.retiredAt) throw errors.bookRetired();
  await tx.update(books).set({ retiredAt: at }).where(eq(books.id, bookId));
  await bumpCatalogueVersion(tx);
  return { before: { retiredAt: null }, after: { retiredAt: at.toISOString() } };
}

/** Puts a retired book back in the catalogue. */
export async function restoreBook(tx: Transaction, bookId: number): Promise<Change> {
  const row = await lockBook(tx, bookId);
  if (!row.retiredAt) throw errors.bookNotRetired();
  await tx.update(books).set({ retiredAt: null }).where(eq(books.id, bookId));
  await bumpCatalogueVersion(tx);
  return { before: { retiredAt: row.retiredAt.toISOString() }, after: { retiredAt: null } };
}

/** The slug a name makes ("Science & Nature" → science-nature). */
function slugOf(name: string): string {
  const slug = normalizeForSearch(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "category";
}

/** The name's slug, with -2, -3… when another category has it already. */
async function freeSlug(tx: Executor, name: string, exceptId?: number): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(
          and(
            like(categories.slug, `${escapeLike(base)}%`),
            exceptId === undefined ? undefined : ne(categories.id, exceptId),
          ),
        )
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** 409 when another category has this name, compared as search compares (case, accents). */
async function assertNameFree(tx: Executor, name: string, exceptId?: number): Promise<void> {
  const [row] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(
      and(
        eq(categories.searchName, normalizeForSearch(name)),
        exceptId === undefined ? undefined : ne(categories.id, exceptId),
      ),
    );
  if (row) throw errors.categoryExists(row.name);
}

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.categoryExists(name);
    throw error;
  }
}

export async function createCategory(
  tx: Transaction,
  fields: { name: string; description: string },
): Promise<{ categoryId: number; change: Change }> {
  await assertNameFree(tx, fields.name);
  const slug = await freeSlug(tx, fields.name);
  const [row] = await guardName(fields.name, () =>
    tx
      .insert(categories)
      .values({
        slug,
        name: fields.name,
        description: fields.description,
        searchName: normalizeForSearch(fields.name),
      })
      .returning({ id: categories.id }),
  );
  await bumpCatalogueVersion(tx);
  return { categoryId: row!.id, change: { before: {}, after: { slug, ...fields } } };
}

/** Renames (a new slug comes with a new name) or redescribes a category, its row locked. */
export async function updateCategory(
  tx: Transaction,
  categoryId: number,
  fields: { name?: string | undefined; description?: string | undefined },
): Promise<Change> {
  const [row] = await tx
    .select()
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for("update");
  if (!row) throw errors.categoryNotFound();
  const set: Partial<typeof categories.$inferInsert> = {};
  if (fields.name !== undefined && fields.name !== row.name) {
    await assertNameFree(tx, fields.name, categoryId);
    set.name = fields.name;
    set.searchName = normalizeForSearch(fields.name);
    set.slug = await freeSlug(tx, fields.name, categoryId);
  }
  if (fields.description !== undefined && fields.description !== row.description)
    set.description = fields.description;
  if (Object.keys(set).length > 0) {
    const name = set.name ?? row.name;
    await guardName(name, () =>
      tx.update(categories).set(set).where(eq(categories.id, categoryId)),
    );
  }
  await bumpCatalogueVersion(tx);
  const change: Change = { before: {}, after: {} };
  for (const key of ["name", "slug", "description"] as const) {
    if (set[key] === undefined) continue;
    change.before[key] = row[key];
    change.after[key] = set[key];
  }
  return change;
}
