import type { PublicationLink } from "@folio/contract/reading";
import { openOfflineDb } from "./offline-db";
import {
  browserBookCaches,
  createOfflineBooks,
  type OfflineBook,
  type OfflineBooks,
  type OpenLoan,
} from "./offline-books";
import { offlineManifestURL } from "./offline-urls";
import {
  createSyncQueue,
  sendReadingWrite,
  type FlushResult,
  type ReadingWrite,
  type SendOutcome,
  type SyncQueue,
} from "./sync-queue";

/** Fired on window after queued writes reached the server; `detail.bookIds` names their books. */
export const OFFLINE_SYNCED_EVENT = "folio:offline-synced";

/**
 * Offline copies need a service worker to serve them, Cache Storage to hold them and IndexedDB
 * for their records; a browser without one of them (or a page on plain http) reads online only.
 */
export function isOfflineReadingSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof globalThis.caches !== "undefined" &&
    typeof globalThis.indexedDB !== "undefined"
  );
}

function bookIdsOf(writes: ReadingWrite[]): string[] {
  const ids = writes.flatMap((write) =>
    "bookId" in write.body ? [String(write.body.bookId)] : [],
  );
  return [...new Set(ids)];
}

/** Where nothing can be kept, writes go straight out and fail as they always did. */
const directQueue: SyncQueue = {
  sendOrQueue: async (write): Promise<SendOutcome> => ({
    sent: true,
    answer: await sendReadingWrite(write),
  }),
  flush: async (): Promise<FlushResult> => ({ state: "done", sent: 0, dropped: 0 }),
  pending: async () => [],
  clear: async () => undefined,
};

let parts: { books: OfflineBooks | null; queue: SyncQueue } | null = null;

/** Built on first use, so a page that never reads pays nothing and tests see no IndexedDB. */
function offline() {
  if (parts) return parts;
  if (typeof globalThis.indexedDB === "undefined") {
    parts = { books: null, queue: directQueue };
    return parts;
  }
  const db = openOfflineDb();
  parts = {
    books:
      typeof globalThis.caches === "undefined"
        ? null
        : createOfflineBooks({
            db,
            caches: browserBookCaches(),
            // Best effort: a browser may still decline and evict copies under pressure.
            persist: () => void navigator.storage?.persist?.().catch(() => false),
          }),
    queue: createSyncQueue({
      db,
      onSynced: (sent) =>
        window.dispatchEvent(
          new CustomEvent(OFFLINE_SYNCED_EVENT, { detail: { bookIds: bookIdsOf(sent) } }),
        ),
    }),
  };
  return parts;
}

function books(): OfflineBooks {
  const store = offline().books;
  if (!store) throw new Error("Offline reading is not available in this browser.");
  return store;
}

/** The store the download button works with (tests give their own). */
export function offlineBooks(): OfflineBooks | null {
  return isOfflineReadingSupported() ? offline().books : null;
}

export function downloadBook(
  bookId: string,
  link: PublicationLink,
  title: string,
  onProgress?: (fraction: number) => void,
): Promise<OfflineBook> {
  return books().download(bookId, link, title, onProgress);
}

/** The kept copy of the book, or null (a copy past its due date is deleted here). */
export async function offlineCopy(bookId: string): Promise<OfflineBook | null> {
  return isOfflineReadingSupported() ? books().copy(bookId) : null;
}

/**
 * The manifest URL to open the book from this device's copy, or null to open it online. Null
 * also while no service worker controls the page (a forced reload bypasses it): the offline
 * addresses would then reach the server, which does not know them.
 */
export async function offlineManifestFor(bookId: string): Promise<string | null> {
  if (!isOfflineReadingSupported() || !navigator.serviceWorker.controller) return null;
  return (await books().copy(bookId)) ? offlineManifestURL(bookId) : null;
}

export function listDownloads(): Promise<OfflineBook[]> {
  return isOfflineReadingSupported() ? books().list() : Promise.resolve([]);
}

export function removeDownload(bookId: string): Promise<void> {
  return books().remove(bookId);
}

/** At start, with the open loans: copies of returned or expired loans go, renewals are followed. */
export async function pruneDownloads(openLoans: OpenLoan[]): Promise<void> {
  if (isOfflineReadingSupported()) await books().prune(openLoans);
}

/** At start without the loans list (offline): copies past their due date go. */
export async function pruneExpiredDownloads(): Promise<void> {
  if (isOfflineReadingSupported()) await books().pruneByDate();
}

export function sendOrQueue(write: ReadingWrite): Promise<SendOutcome> {
  return offline().queue.sendOrQueue(write);
}

export function flushQueue(): Promise<FlushResult> {
  return offline().queue.flush();
}

/** Sends what waits now and whenever the connection comes back; answers the stop. */
export function startOfflineSync(): () => void {
  const flush = () => void flushQueue().catch(() => undefined);
  window.addEventListener("online", flush);
  flush();
  return () => window.removeEventListener("online", flush);
}

/** Logout: the person's copies, waiting writes and remembered ids leave the device. */
export async function forgetOfflineData(): Promise<void> {
  const { books: store, queue } = offline();
  await Promise.all([store?.removeAll(), queue.clear()]);
}
