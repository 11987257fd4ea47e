import { count, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { books } from "../db/schema";
import {
  addBooks,
  addCategories,
  listCategoriesForImport,
  markSampleEditions,
} from "../features/catalogue";
import { bookContentKey, publicationKey, type ContentStore } from "../storage/content-store";
import { buildEpub, buildPublicationFile, EpubRejected } from "../features/reading";
import { seedBooks, seedCategories } from "./catalogue-data";
import { hasFullText, seedEdition } from "./editions";

/**
 * What a sample edition costs: its few pages are not the book, so nobody pays the book's price
 * for them, yet borrowing one still goes through the balance and the ledger as any loan does.
 */
export const SAMPLE_PRICE_PENCE = 99;

export interface SeedReport {
  categoriesAdded: number;
  booksAdded: number;
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(books);
  return (row?.n ?? 0) === 0;
}

/**
 * Adds the seed catalogue. Idempotent: categories and books already present (by slug, and by
 * title and author) are left as they are, so running it twice adds nothing the second time.
 */
export async function seedCatalogue(db: Database): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const categoriesAdded = await addCategories(tx, seedCategories);
    const categoryRows = await listCategoriesForImport(tx);
    const categoryIdBySlug = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const booksAdded = await addBooks(
      tx,
      seedBooks.map((book) => {
        const categoryId = categoryIdBySlug.get(book.category);
        if (categoryId === undefined)
          throw new Error(`Seed book in unknown category ${book.category}`);
        const sample = !hasFullText(book);
        return {
          title: book.title,
          author: book.author,
          categoryId,
          year: book.year,
          language: book.language,
          description: book.description,
          // The data's price is the full book's; a sample is sold as one.
          pricePence: sample ? SAMPLE_PRICE_PENCE : book.price,
          copies: book.copies,
          sample,
        };
      }),
    );
    return { categoriesAdded, booksAdded };
  });
}

/**
 * Writes the EPUB and publication of every seed book that lacks them (a book seeded before
 * publications were gets its publication built from the EPUB it has), and marks the sample
 * editions of a shop seeded before books said so; returns how many books had a file written.
 */
export async function ensureSeedEditions(db: Database, store: ContentStore): Promise<number> {
  // A shop seeded before books said which are samples learns it here (its prices stay its own).
  await markSampleEditions(
    db,
    seedBooks.filter((book) => !hasFullText(book)),
  );
  const rows = await db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      contentVersion: books.contentVersion,
    })
    .from(books)
    .where(
      sql`(${books.title}, ${books.author}) in (select * from unnest(${sql.param(seedBooks.map((b) => b.title))}::text[], ${sql.param(seedBooks.map((b) => b.author))}::text[]))`,
    );
  const seedByKey = new Map(seedBooks.map((b) => [`${b.title}\u0000${b.author}`, b]));
  let written = 0;
  for (const row of rows) {
    const key = bookContentKey(row.id, row.contentVersion);
    const publication = publicationKey(row.id, row.contentVersion);
    const hasEpub = await store.has(key);
    if (hasEpub && (await store.has(publication))) continue;
    const seed = seedByKey.get(`${row.title}\u0000${row.author}`);
    if (!seed) continue;
    const stored = hasEpub ? await store.get(key) : null;
    const epub = stored ? new Uint8Array(stored) : buildEpub(seedEdition(seed, row.id));
    let publicationBytes: Uint8Array;
    try {
      // Built first: an EPUB the reader could not open is never stored.
      publicationBytes = buildPublicationFile(epub);
    } catch (error) {
      // A file a librarian gave the book that cannot be read is left for the reader to report.
      if (stored && error instanceof EpubRejected) continue;
      throw error;
    }
    if (!stored) await store.put(key, epub);
    await store.put(publication, publicationBytes);
    written += 1;
  }
  return written;
}
