import type { PublicationLink } from "@folio/contract/reading";
import type { OfflineDb } from "./offline-db";
import {
  BOOK_CACHE_PREFIX,
  bookCacheName,
  offlineManifestURL,
  offlineResourcePath,
  pathInPublication,
} from "./offline-urls";

/** What is kept about a downloaded book (IndexedDB `books`); its files are in its cache. */
export interface OfflineBook {
  bookId: string;
  title: string;
  /** the loan's due date: the copy may not be opened after it */
  dueAt: string;
  bytes: number;
  downloadedAt: string;
}

/** An open loan, as the loans list gives it: what a kept copy must still match. */
export interface OpenLoan {
  bookId: string;
  dueAt: string;
}

/** Cache Storage, reduced to what the store needs, so its rules can be tested without it. */
export interface BookCaches {
  put(bookId: string, offlinePath: string, response: Response): Promise<void>;
  match(bookId: string, offlinePath: string): Promise<Response | undefined>;
  remove(bookId: string): Promise<void>;
  /** the books that have a cache, complete or not */
  bookIds(): Promise<string[]>;
}

export function browserBookCaches(storage: CacheStorage = globalThis.caches): BookCaches {
  return {
    put: async (bookId, offlinePath, response) => {
      const cache = await storage.open(bookCacheName(bookId));
      await cache.put(offlinePath, response);
    },
    match: async (bookId, offlinePath) => {
      // Only a kept book has a cache; opening one would create it empty.
      if (!(await storage.has(bookCacheName(bookId)))) return undefined;
      return (await storage.open(bookCacheName(bookId))).match(offlinePath);
    },
    remove: async (bookId) => {
      await storage.delete(bookCacheName(bookId));
    },
    bookIds: async () =>
      (await storage.keys())
        .filter((name) => name.startsWith(BOOK_CACHE_PREFIX))
        .map((name) => name.slice(BOOK_CACHE_PREFIX.length)),
  };
}

export function isPastDue(book: Pick<OfflineBook, "dueAt">, now: Date): boolean {
  const due = Date.parse(book.dueAt);
  // A date that does not read is treated as passed: a copy must never outlive its loan.
  return !Number.isFinite(due) || due <= now.getTime();
}

/** A download that did not complete; its message is for the reader. */
export class OfflineDownloadError extends Error {
  override readonly name = "OfflineDownloadError";
}

const DOWNLOAD_FAILED =
  "The book could not be downloaded. Please check your connection and try again.";
const NO_SPACE = "There is not enough space on this device to keep this book.";

/** Parts of a manifest whose links name resources of the publication (RWPM). */
const LINK_LISTS = ["links", "readingOrder", "resources", "toc", "pageList", "landmarks"];

function collectHrefs(links: unknown, into: Set<string>): void {
  if (!Array.isArray(links)) return;
  for (const link of links as unknown[]) {
    if (!link || typeof link !== "object") continue;
    const { href, templated, rel, alternate, children } = link as Record<string, unknown>;
    const rels = Array.isArray(rel) ? rel : [rel];
    if (typeof href === "string" && templated !== true && !rels.includes("self")) {
      into.add(href.split("#")[0]!);
    }
    collectHrefs(alternate, into);
    collectHrefs(children, into);
  }
}

/** Every path inside the publication the manifest names, positions.json included. */
export function publicationPaths(manifest: unknown, manifestURL: URL): string[] {
  const hrefs = new Set<string>(["positions.json"]);
  if (manifest && typeof manifest === "object") {
    for (const list of LINK_LISTS) collectHrefs((manifest as Record<string, unknown>)[list], hrefs);
  }
  const paths = new Set<string>();
  for (const href of hrefs) {
    if (href === "") continue;
    let resolved: URL;
    try {
      resolved = new URL(href, manifestURL);
    } catch {
      continue;
    }
    const path = pathInPublication(manifestURL, resolved);
    if (path !== null && path !== "manifest.json") paths.add(path);
  }
  return [...paths];
}

export interface OfflineBooksDeps {
  db: OfflineDb;
  caches: BookCaches;
  fetch?: (url: string) => Promise<Response>;
  now?: () => Date;
  /** what a link's relative manifest URL resolves against (the page's address) */
  baseURL?: () => string;
  /** asks the browser to keep the copies when space runs short */
  persist?: () => void;
  /** how many files are fetched at once */
  parallel?: number;
}

export interface OfflineBooks {
  /**
   * Fetches the manifest, the positions and every resource through the signed link into the
   * book's cache, then records the copy: all or nothing.
   */
  download(
    bookId: string,
    link: PublicationLink,
    title: string,
    onProgress?: (fraction: number) => void,
  ): Promise<OfflineBook>;
  /** The kept copy, or null; one past its due date is deleted and answers null. */
  copy(bookId: string): Promise<OfflineBook | null>;
  list(): Promise<OfflineBook[]>;
  remove(bookId: string): Promise<void>;
  /** Deletes copies whose loan is no longer open or is past due; follows renewed due dates. */
  prune(openLoans: OpenLoan[]): Promise<void>;
  /** Deletes copies past their due date (when the loans cannot be asked for). */
  pruneByDate(): Promise<void>;
  /** Deletes every copy (logout). */
  removeAll(): Promise<void>;
  /** Calls `listener` after any copy is added or removed; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createOfflineBooks({
  db,
  caches,
  fetch: fetchFile = (url) => globalThis.fetch(url, { credentials: "same-origin" }),
  now = () => new Date(),
  baseURL = () => globalThis.location.href,
  persist = () => undefined,
  parallel = 4,
}: OfflineBooksDeps): OfflineBooks {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const downloading = new Map<string, Promise<OfflineBook>>();

  async function remove(bookId: string) {
    // The record first: without it the service worker already answers 404 for the book.
    await db.remove("books", bookId);
    await caches.remove(bookId);
    notify();
  }

  async function fetchOk(url: string): Promise<Response> {
    const response = await fetchFile(url);
    if (!response.ok) throw new OfflineDownloadError(DOWNLOAD_FAILED);
    return response;
  }

  async function fetchAll(
    bookId: string,
    link: PublicationLink,
    title: string,
    onProgress: (fraction: number) => void,
  ): Promise<OfflineBook> {
    const manifestURL = new URL(link.manifestURL, baseURL());
    const manifestAnswer = await fetchOk(manifestURL.href);
    const manifestText = await manifestAnswer.text();
    let manifest: unknown;
    try {
      manifest = JSON.parse(manifestText);
    } catch {
      throw new OfflineDownloadError(DOWNLOAD_FAILED);
    }
    const paths = publicationPaths(manifest, manifestURL);
    const total = paths.length + 1;
    let done = 0;
    let bytes = 0;
    const keep = async (offlinePath: string, answer: Response, body: Blob) => {
      await caches.put(
        bookId,
        offlinePath,
        new Response(body, { status: 200, statusText: "OK", headers: answer.headers }),
      );
      bytes += body.size;
      done += 1;
      onProgress(done / total);
    };
    await keep(offlineManifestURL(bookId), manifestAnswer, new Blob([manifestText]));

    // A few at a time; on the first failure the others stop taking new files.
    const failed: { error: Error | null } = { error: null };
    let next = 0;
    const worker = async () => {
      while (failed.error === null && next < paths.length) {
        const path = paths[next]!;
        next += 1;
        try {
          const answer = await fetchOk(new URL(path, manifestURL).href);
          await keep(offlineResourcePath(bookId, path), answer, await answer.blob());
        } catch (error) {
          failed.error ??=
            error instanceof Error ? error : new OfflineDownloadError(DOWNLOAD_FAILED);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, paths.length) }, worker));
    if (failed.error) throw failed.error;

    const book: OfflineBook = {
      bookId,
      title,
      dueAt: link.dueAt,
      bytes,
      downloadedAt: now().toISOString(),
    };
    await db.put("books", book);
    return book;
  }

  function download(
    bookId: string,
    link: PublicationLink,
    title: string,
    onProgress: (fraction: number) => void = () => undefined,
  ): Promise<OfflineBook> {
    const running = downloading.get(bookId);
    if (running) return running;
    const work = (async () => {
      // Whatever an earlier copy or an interrupted download left goes first.
      await remove(bookId);
      try {
        const book = await fetchAll(bookId, link, title, onProgress);
        persist();
        return book;
      } catch (error) {
        await db.remove("books", bookId).catch(() => undefined);
        await caches.remove(bookId).catch(() => undefined);
        if (error instanceof OfflineDownloadError) throw error;
        const quota = error instanceof DOMException && error.name === "QuotaExceededError";
        throw new OfflineDownloadError(quota ? NO_SPACE : DOWNLOAD_FAILED, { cause: error });
      }
    })().finally(() => {
      downloading.delete(bookId);
      notify();
    });
    downloading.set(bookId, work);
    return work;
  }

  async function copy(bookId: string): Promise<OfflineBook | null> {
    const book = await db.get<OfflineBook>("books", bookId);
    if (!book) return null;
    if (isPastDue(book, now())) {
      await remove(bookId);
      return null;
    }
    return book;
  }

  async function prune(openLoans: OpenLoan[]) {
    const dueOf = new Map(openLoans.map((loan) => [String(loan.bookId), loan.dueAt]));
    for (const book of await db.all<OfflineBook>("books")) {
      const dueAt = dueOf.get(book.bookId);
      if (dueAt === undefined || isPastDue({ dueAt }, now())) await remove(book.bookId);
      else if (dueAt !== book.dueAt) await db.put("books", { ...book, dueAt });
    }
    await removeLeftovers();
  }

  /** Caches with no record: a download cut short by a closed tab. */
  async function removeLeftovers() {
    const recorded = new Set((await db.all<OfflineBook>("books")).map((book) => book.bookId));
    for (const bookId of await caches.bookIds()) {
      if (!recorded.has(bookId) && !downloading.has(bookId)) await caches.remove(bookId);
    }
  }

  async function pruneByDate() {
    for (const book of await db.all<OfflineBook>("books")) {
      if (isPastDue(book, now())) await remove(book.bookId);
    }
    await removeLeftovers();
  }

  async function removeAll() {
    await db.clear("books");
    for (const bookId of await caches.bookIds()) await caches.remove(bookId);
    notify();
  }

  return {
    download,
    copy,
    list: () => db.all<OfflineBook>("books"),
    remove,
    prune,
    pruneByDate,
    removeAll,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
