import {
  access,
  constants,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import type { Readable } from "node:stream";
import path from "node:path";

export interface ContentInfo {
  size: number;
  modified: Date;
}

/** One stored file, as a listing names it. */
export interface ContentEntry extends ContentInfo {
  key: string;
}

/** A byte range of a file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where e-book files and cover images live: a folder, or an S3 bucket (s3-content-store.ts).
 * Kept this small so either serves the features the same way. A store that cannot be reached
 * fails with ContentStoreUnavailable; a missing file is null or false, never an error.
 */
export interface ContentStore {
  has(key: string): Promise<boolean>;
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Uint8Array): Promise<void>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Size and last change, or null when there is no such file. */
  stat(key: string): Promise<ContentInfo | null>;
  /**
   * The bytes from start to end inclusive (the whole file without a range), as a stream; null
   * when there is no such file. A promise because an object store's bytes exist only once it
   * has answered: a store that is down rejects here, before a response has begun.
   */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Every file whose key starts with `prefix` ("uploads/"), in no particular order. */
  list(prefix: string): Promise<ContentEntry[]>;
  /** Resolves when the store can be reached and written to; throws ContentStoreUnavailable. */
  check(): Promise<void>;
}

/**
 * The store cannot be reached just now (connection refused, timed out, the server failing):
 * the request answers 503 and may be tried again. `cause` is the underlying error, for the log.
 */
export class ContentStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentStoreUnavailable";
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Keys are our own names (books/12.epub); anything else would be a way out of the folder. */
export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("..")) {
    throw new Error(`Invalid content key: ${JSON.stringify(key)}`);
  }
}

/** No such file, or a folder on its way is a file (books/1.epub/x): either way, not there. */
const isAbsent = (error: unknown) =>
  ["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

export class FileContentStore implements ContentStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async has(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ContentInfo | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, modified: info.mtime } : null;
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    // Opened first, so a missing file is null here rather than an error mid-response.
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    return handle.createReadStream(range ?? {});
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new ContentStoreUnavailable(`The content folder ${this.root} cannot be used`, {
        cause: error,
      });
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<ContentEntry[]> {
    // The folder the prefix names, then the names in it (and below it) that start with the rest.
    const slash = prefix.lastIndexOf("/");
    const folder = prefix.slice(0, slash + 1);
    const start = prefix.slice(slash + 1);
    const base = path.join(this.root, ...folder.split("/").filter(Boolean));
    let names: string[];
    try {
      names = await readdir(base, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const found: ContentEntry[] = [];
    for (const name of names) {
      const key = folder + name.split(path.sep).join("/");
      if (!name.startsWith(start)) continue;
      const info = await stat(path.join(base, name)).catch(() => null);
      if (info?.isFile()) found.push({ key, size: info.size, modified: info.mtime });
    }
    return found;
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }
}

/**
 * The key of a book's EPUB: version 0 is books/ID.epub, version n books/ID-vN.epub. A replaced
 * file gets a new key, so the row can point at it only once it is stored (books.content_version).
 */
export const bookContentKey = (bookId: number, version = 0) =>
  version === 0 ? `books/${bookId}.epub` : `books/${bookId}-v${version}.epub`;
/**
 * The key of the Readium publication (manifest and positions) built from that EPUB, named as it
 * is: publications/ID.json, publications/ID-vN.json. A new file version has a new publication.
 */
export const publicationKey = (bookId: number, version = 0) =>
  version === 0 ? `publications/${bookId}.json` : `publications/${bookId}-v${version}.json`;
/** The publication key beside an EPUB's key (books/12-v3.epub → publications/12-v3.json). */
export function publicationKeyOf(contentKey: string): string {
  const match = /^books\/(\d+)(?:-v(\d+))?\.epub$/.exec(contentKey);
  if (!match) throw new Error(`Not a book's content key: ${JSON.stringify(contentKey)}`);
  return publicationKey(Number(match[1]), Number(match[2] ?? 0));
}
/** A cover's key; a cover that came with a replaced file carries that file's version. */
export const coverKey = (bookId: number, extension: string, version = 0) =>
  version === 0 ? `covers/${bookId}.${extension}` : `covers/${bookId}-v${version}.${extension}`;
/** Where an uploaded EPUB waits, checked, until a book is made of it or it is swept away. */
export const uploadKey = (uploadId: string) => `uploads/${uploadId}.epub`;
