import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/client";
import {
  addBookWithFiles,
  ensureCategory,
  listCategoriesForImport,
  lockBookByTitle,
  normalizeForSearch,
  replaceBookFile,
  suggestCategory,
  updateEdition,
  type EditionChanges,
} from "../catalogue";
import { setEditionCopies } from "../circulation";
import type { ContentStore } from "../../storage/content-store";
import { EpubRejected, readEpubMetadata } from "./book-metadata";
import { buildPublicationFile } from "./publication/stored";

export interface ImportOptions {
  /** pence; used for new books, and for updated ones only when given */
  pricePence?: number;
  copies?: number;
  /**
   * A category's name as the shop shows it ("Classic Fiction", any case) or its slug; otherwise
   * the book's subjects pick one, else "Newly Added". A name the shop does not have is refused
   * before any file is read (UnknownCategory): a typo must not make a new category.
   */
  category?: string;
}

/** --category named no category of the shop; `names` are the ones it has, to choose from. */
export class UnknownCategory extends Error {
  constructor(
    readonly wanted: string,
    readonly names: string[],
  ) {
    super(`There is no category named "${wanted}".`);
    this.name = "UnknownCategory";
  }
}

export type ImportOutcome =
  | { file: string; status: "added" | "updated"; bookId: number; title: string; author: string }
  | { file: string; status: "rejected"; reason: string };

const DEFAULT_PRICE_PENCE = 499;
const DEFAULT_COPIES = 3;
const FALLBACK_CATEGORY = {
  slug: "newly-added",
  name: "Newly Added",
  description: "Books recently added to the library.",
};

/** Every .epub named, and every .epub inside a named folder (not recursive). */
export async function expandPaths(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    const info = await stat(p).catch(() => null);
    if (info?.isDirectory()) {
      const names = (await readdir(p)).filter((n) => n.toLowerCase().endsWith(".epub")).sort();
      files.push(...names.map((n) => path.join(p, n)));
    } else files.push(p);
  }
  return files;
}

/**
 * The category a name or slug means: the shop's name compared as search compares it (case and
 * accents aside, spaces trimmed), or the slug. Throws UnknownCategory, with the names there are.
 */
async function findCategory(db: Database, wanted: string): Promise<number> {
  const all = await listCategoriesForImport(db);
  const key = normalizeForSearch(wanted.trim());
  const chosen = all.find((c) => c.searchName === key) ?? all.find((c) => c.slug === wanted.trim());
  if (!chosen) {
    const names = all.map((c) => c.name).sort((a, b) => a.localeCompare(b, "en"));
    throw new UnknownCategory(wanted, names);
  }
  return chosen.id;
}

async function pickCategory(db: Database, subjects: string[]): Promise<number> {
  return (await suggestCategory(db, subjects)) ?? ensureCategory(db, FALLBACK_CATEGORY);
}

/**
 * Adds one EPUB to the catalogue, or updates the book with the same title and author. The row
 * and its files are written in one transaction: a failure leaves no half-added book, and an
 * updated book's new file is a new version, so its readers keep the old one until it commits.
 */
async function importEpub(
  db: Database,
  store: ContentStore,
  file: string,
  options: ImportOptions,
  chosenCategoryId: number | undefined,
): Promise<ImportOutcome> {
  try {
    const bytes = new Uint8Array(await readFile(file));
    const meta = await readEpubMetadata(bytes);
    // Built before anything is stored: a book the reader could not open is refused whole.
    const publication = buildPublicationFile(bytes);
    const author = meta.authors.join(", ");
    const categoryId = chosenCategoryId ?? (await pickCategory(db, meta.subjects));
    const description = meta.description || `${meta.title} by ${author}.`;
    const files = { epub: bytes, publication, cover: meta.cover };
    const unused: string[] = [];
    const outcome = await db.transaction(async (tx) => {
      const existing = await lockBookByTitle(tx, meta.title, author);
      let bookId: number;
      if (existing) {
        const changes: EditionChanges = { description, language: meta.language, categoryId };
        if (meta.year) changes.year = meta.year;
        // A sample's token price is not the book's: the full text takes the default unless given.
        const price = options.pricePence ?? (existing.sample ? DEFAULT_PRICE_PENCE : undefined);
        if (price) changes.pricePence = price;
        const refused =
          options.copies === undefined
            ? null
            : await setEditionCopies(tx, existing, options.copies);
        if (refused)
          throw new EpubRejected(
            `${refused.lent} copies are on loan, more than the ${options.copies} asked for`,
          );
        await updateEdition(tx, existing.id, changes);
        bookId = existing.id;
        const replaced = await replaceBookFile(tx, store, bookId, files);
        unused.push(replaced.previousKey, ...replaced.unusedKeys);
      } else {
        ({ bookId } = await addBookWithFiles(
          tx,
          store,
          {
            title: meta.title,
            author,
            categoryId,
            year: meta.year,
            language: meta.language,
            description,
            pricePence: options.pricePence ?? DEFAULT_PRICE_PENCE,
            copies: options.copies ?? DEFAULT_COPIES,
          },
          files,
        ));
      }
      return {
        file,
        status: existing ? ("updated" as const) : ("added" as const),
        bookId,
        title: meta.title,
        author,
      };
    });
    // The files the row no longer names, once it names the new ones.
    await Promise.allSettled(unused.map((key) => store.delete(key)));
    return outcome;
  } catch (error) {
    if (error instanceof EpubRejected) return { file, status: "rejected", reason: error.message };
    const message = error instanceof Error ? error.message : String(error);
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { file, status: "rejected", reason: "no such file" };
    return { file, status: "rejected", reason: `could not be imported: ${message}` };
  }
}

/**
 * Imports each file in turn; one bad file never stops the rest. An unknown `category` stops
 * them all before the first (UnknownCategory).
 */
export async function importFiles(
  db: Database,
  store: ContentStore,
  paths: readonly string[],
  options: ImportOptions,
): Promise<ImportOutcome[]> {
  const categoryId =
    options.category === undefined ? undefined : await findCategory(db, options.category);
  const outcomes: ImportOutcome[] = [];
  for (const file of await expandPaths(paths))
    outcomes.push(await importEpub(db, store, file, options, categoryId));
  return outcomes;
}
