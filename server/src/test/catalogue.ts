import { randomBytes } from "node:crypto";
import type { Database } from "../db/client";
import { books, categories } from "../db/schema";
import { normalizeForSearch } from "../features/catalogue";

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
