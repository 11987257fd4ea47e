import { randomBytes } from "node:crypto";
import type { Database } from "../db/client";
import { books, categories } from "../db/schema";
import { drawCover, normalizeForSearch } from "../features/catalogue";
import { buildEpub } from "../features/reading";
import { bookContentKey, type ContentStore } from "../storage/content-store";

const unique = () => randomBytes(4).toString("hex");

export async function createCategory(
  db: Database,
  overrides: Partial<{ name: string; description: string }> = {},
) {
  const name = overrides.name ?? `Test Category ${unique()}`;
  const [row] = await db
    .insert(categories)
    .values({
      slug: normalizeForSearch(name).replace(/[^a-z0-9]+/g, "-"),
      name,
      description: overrides.description ?? "A category made by a test.",
      searchName: normalizeForSearch(name),
    })
    .returning();
  return row!;
}

export interface BookOverrides {
  title: string;
  author: string;
  categoryId: number;
  /** pence */
  price: number;
  copies: number;
  availableCopies: number;
  recentLoans: number;
  rating: number | null;
  description: string;
  /** made retired (design.md §7.1) */
  retired: boolean;
}

export async function createBook(db: Database, overrides: Partial<BookOverrides> = {}) {
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const title = overrides.title ?? `Test Book ${unique()}`;
  const author = overrides.author ?? "Test Author";
  const copies = overrides.copies ?? 2;
  const [row] = await db
    .insert(books)
    .values({
      title,
      author,
      categoryId,
      year: 1900,
      description: overrides.description ?? "A book made by a test.",
      pricePence: overrides.price ?? 499,
      totalCopies: copies,
      availableCopies: overrides.availableCopies ?? copies,
      recentLoans: overrides.recentLoans ?? 0,
      rating: overrides.rating ?? null,
      ratingCount: overrides.rating == null ? 0 : 1,
      searchTitle: normalizeForSearch(title),
      searchAuthor: normalizeForSearch(author),
      retiredAt: overrides.retired ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Stores a small EPUB of `book` as its file, as seeded and staff-made books have one. */
export async function storeTestEpub(
  content: ContentStore,
  book: { id: number; title: string },
): Promise<Uint8Array> {
  const epub = buildEpub({
    identifier: `urn:test:${book.id}`,
    title: book.title,
    author: "Test Author",
    language: "en",
    description: "A test book.",
    publisher: "Tests",
    modified: "2026-01-01T00:00:00Z",
    coverSvg: drawCover(book.title, "Test Author"),
    chapters: [{ title: "One", paragraphs: ["It was a test."] }],
  });
  await content.put(bookContentKey(book.id), epub);
  return epub;
}
