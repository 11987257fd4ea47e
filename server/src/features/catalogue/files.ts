import { eq } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client";
import { books } from "../../db/schema";
import { errors } from "../../errors";
import {
  bookContentKey,
  coverKey,
  publicationKey,
  uploadKey,
  type ContentStore,
} from "../../storage/content-store";
import { addBook, bumpCatalogueVersion, setCoverKey, type NewBook } from "./stock";

// A book's EPUB, its publication (the Readium manifest and positions built from the EPUB, read
// by the reading feature) and its cover are files in the content store; its row says which. A file is always
// stored before the row points at it, inside the transaction that changes the row: a process
// killed at any point leaves either the row as it was, or the row and a file that exists. At
// worst a file no row names is left behind, never a row without its file.

export interface BookFiles {
  epub: Uint8Array;
  /** the publication file built from `epub` (reading's buildPublicationFile), before any store */
  publication: Uint8Array;
  cover: { data: Uint8Array; extension: string } | null;
}

/** The key of the file that is a book's EPUB now, or null for an unknown book. */
export async function bookFileKey(db: Executor, bookId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: books.contentVersion })
    .from(books)
    .where(eq(books.id, bookId));
  return row ? bookContentKey(bookId, row.version) : null;
}

/** Stores the files, and removes what it stored when a later one fails. */
async function putAll(store: ContentStore, files: [string, Uint8Array][]): Promise<void> {
  const stored: string[] = [];
  try {
    for (const [key, data] of files) {
      await store.put(key, data);
      stored.push(key);
    }
  } catch (error) {
    await Promise.allSettled(stored.map((key) => store.delete(key)));
    throw error;
  }
}

/**
 * Adds a book with its EPUB (books/ID.epub), publication (publications/ID.json) and cover in
 * `tx`: the row is inserted, then the files are stored, and the row is seen by others only when
 * `tx` commits, after them.
 */
export async function addBookWithFiles(
  tx: Transaction,
  store: ContentStore,
  book: NewBook,
  files: BookFiles,
): Promise<{ bookId: number; key: string }> {
  const bookId = await addBook(tx, book);
  const key = bookContentKey(bookId);
  const cover = files.cover ? coverKey(bookId, files.cover.extension) : null;
  await putAll(store, [
    [key, files.epub],
    [publicationKey(bookId), files.publication],
    ...(files.cover && cover ? [[cover, files.cover.data] as [string, Uint8Array]] : []),
  ]);
  if (cover) await setCoverKey(tx, bookId, cover);
  await bumpCatalogueVersion(tx);
  return { bookId, key };
}

export interface ReplacedFile {
  version: number;
  key: string;
  previousKey: string;
  /** the old publication and covers no longer named once `tx` commits: delete them then */
  unusedKeys: string[];
}

/**
 * Gives a book a new EPUB (with its publication, and the cover in it, if any) as its next
 * version, its row locked: the files are stored under new keys (books/ID-vN.epub,
 * publications/ID-vN.json) before the row points at them, so the old ones serve until the
 * transaction commits, and the book is no longer a sample edition. Delete `previousKey` and
 * `unusedKeys` after that.
 */
export async function replaceBookFile(
  tx: Transaction,
  store: ContentStore,
  bookId: number,
  files: BookFiles,
): Promise<ReplacedFile> {
  const [row] = await tx
    .select({ version: books.contentVersion, coverKey: books.coverKey })
    .from(books)
    .where(eq(books.id, bookId))
    .for("update");
  if (!row) throw errors.bookNotFound();
  const version = row.version + 1;
  const key = bookContentKey(bookId, version);
  const cover = files.cover ? coverKey(bookId, files.cover.extension, version) : null;
  await putAll(store, [
    [key, files.epub],
    [publicationKey(bookId, version), files.publication],
    ...(files.cover && cover ? [[cover, files.cover.data] as [string, Uint8Array]] : []),
  ]);
  await tx
    .update(books)
    // A file given to the book is its real text: it is no longer the seed's sample.
    .set({ contentVersion: version, sample: false, ...(cover ? { coverKey: cover } : {}) })
    .where(eq(books.id, bookId));
  await bumpCatalogueVersion(tx);
  return {
    version,
    key,
    previousKey: bookContentKey(bookId, row.version),
    unusedKeys: [
      publicationKey(bookId, row.version),
      ...(cover && row.coverKey && row.coverKey !== cover ? [row.coverKey] : []),
    ],
  };
}

/** Keeps a checked upload aside until a book is made of it (or the sweep throws it away). */
export async function storeUpload(
  store: ContentStore,
  uploadId: string,
  epub: Uint8Array,
): Promise<void> {
  await store.put(uploadKey(uploadId), epub);
}

/** An upload's bytes; 404 when it was never made, already used, or swept away. */
export async function readUpload(store: ContentStore, uploadId: string): Promise<Buffer> {
  const bytes = await store.get(uploadKey(uploadId));
  if (!bytes) throw errors.uploadNotFound();
  return bytes;
}

export async function deleteUpload(store: ContentStore, uploadId: string): Promise<void> {
  await store.delete(uploadKey(uploadId));
}

/** Deletes the uploads older than `keepMs` (and half-written ones left by a killed process). */
export async function sweepUploads(store: ContentStore, now: Date, keepMs: number) {
  let deleted = 0;
  for (const file of await store.list("uploads/")) {
    if (now.getTime() - file.modified.getTime() < keepMs) continue;
    try {
      await store.delete(file.key);
      deleted += 1;
    } catch {
      // A file of a name the shop never gives (put there by hand) is left alone.
    }
  }
  return deleted;
}
