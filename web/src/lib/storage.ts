import type { WireId } from "@folio/contract/common";

/**
 * Typed access to the browser storage keys of spec §3. Every read and write is guarded because
 * storage can throw (private browsing, full quota) and a broken cache must never break a page.
 */

/** Enough of a book to draw it without a request (cart items and the per-book cache). */
export interface CachedBook {
  bookId: WireId;
  title: string;
  author: string;
  price: number;
  coverUrl: string;
}

export interface StoredBorrowedBook {
  bookId: WireId;
  title: string;
  cover: string;
  author: string;
  dueDate: string;
  borrowDate: string;
}

interface StoredValues {
  token: string;
  uuid: string;
  userName: string;
  registeredEmail: string;
  accountBalance: number;
  cartItems: CachedBook[];
  borrowedBooks: StoredBorrowedBook[];
}

export type StorageKey = keyof StoredValues;

/** Kept as plain strings (not JSON) so the token reads the same to any other client code. */
const STRING_KEYS: ReadonlySet<StorageKey> = new Set([
  "token",
  "uuid",
  "userName",
  "registeredEmail",
]);

const USER_DATA_KEYS: readonly StorageKey[] = [
  "token",
  "uuid",
  "userName",
  "registeredEmail",
  "accountBalance",
  "cartItems",
  "borrowedBooks",
];

const BOOK_CACHE_PREFIX = "book:";
/** Where a reader was in each book (the reader feature's keys); private, so cleared on logout. */
export const READING_POSITION_PREFIX = "readingPosition:";

/** Fired on same-tab writes; the native `storage` event only reaches other tabs. */
export const STORAGE_CHANGE_EVENT = "folio:storage";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function notifyChange(key: string): void {
  if (typeof window !== "undefined") {
    window.dispatchEvent(new CustomEvent(STORAGE_CHANGE_EVENT, { detail: { key } }));
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function hasExpectedShape<K extends StorageKey>(key: K, value: unknown): value is StoredValues[K] {
  switch (key) {
    case "accountBalance":
      return typeof value === "number" && Number.isFinite(value);
    case "cartItems":
    case "borrowedBooks":
      return Array.isArray(value);
    default:
      return typeof value === "string";
  }
}

/**
 * A stored entry's id as the server now sends it: an earlier version of the app stored ids as
 * numbers (decision 015), and a returning reader's entries must still match the server's.
 */
function withTextId<T>(entry: T): T {
  if (entry === null || typeof entry !== "object" || !("bookId" in entry)) return entry;
  const { bookId } = entry as { bookId: unknown };
  return typeof bookId === "number" ? { ...entry, bookId: String(bookId) } : entry;
}

export function readStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  const value = STRING_KEYS.has(key) ? raw : parseJson(raw);
  if (!hasExpectedShape(key, value)) return null;
  return Array.isArray(value) ? (value.map(withTextId) as StoredValues[K]) : value;
}

export function writeStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    storage()?.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the cache; the server stays the source of truth.
  }
  notifyChange(key);
}

export function removeStored(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to undo when storage is unavailable.
  }
  notifyChange(key);
}

export function readToken(): string | null {
  const token = readStored("token");
  return token && token.trim() !== "" ? token : null;
}

export function cacheBook(book: CachedBook): void {
  try {
    storage()?.setItem(`${BOOK_CACHE_PREFIX}${book.bookId}`, JSON.stringify(book));
  } catch {
    // The cache is an optimisation only.
  }
}

export function readCachedBook(bookId: WireId): CachedBook | null {
  const raw = readRaw(`${BOOK_CACHE_PREFIX}${bookId}`);
  if (raw === null) return null;
  const value = parseJson(raw);
  return value !== null && typeof value === "object" && "bookId" in value
    ? withTextId(value as CachedBook)
    : null;
}

/**
 * Removes everything that belongs to the signed-in person (logout, account deletion). The
 * per-book cache holds only public catalogue data, so it survives.
 */
export function clearUserData(): void {
  const store = storage();
  const readingKeys: string[] = [];
  try {
    for (let i = 0; i < (store?.length ?? 0); i += 1) {
      const key = store?.key(i);
      if (key?.startsWith(READING_POSITION_PREFIX)) readingKeys.push(key);
    }
  } catch {
    // Storage unavailable: nothing to clear.
  }
  for (const key of [...USER_DATA_KEYS, ...readingKeys]) {
    try {
      store?.removeItem(key);
    } catch {
      // Keep going: the remaining keys must still be cleared.
    }
  }
  notifyChange("*");
}

/** Calls `listener` after any change to Folio's stored values, in this tab or another. */
export function subscribeToStorage(listener: () => void): () => void {
  window.addEventListener(STORAGE_CHANGE_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(STORAGE_CHANGE_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}
