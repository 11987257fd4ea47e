import type { WireId } from "@folio/contract/common";

/**
 * Guarded access to the browser storage of spec §3. Every read and write is guarded because
 * storage can throw (private browsing, full quota) and a broken cache must never break a page.
 * Each key belongs to the code that writes it: the session's token and uuid live here, every
 * other key in its feature, and app/user-data.ts knows which of them are the person's.
 */

/** Fired on same-tab writes; the native `storage` event only reaches other tabs. */
export const STORAGE_CHANGE_EVENT = "folio:storage";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notifyChange(key: string): void {
  if (typeof window !== "undefined") {
    window.dispatchEvent(new CustomEvent(STORAGE_CHANGE_EVENT, { detail: { key } }));
  }
}

/** The raw text under `key`, or null when there is none or storage is unavailable. */
export function readStoredText(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The JSON under `key`, or null when there is none or it does not parse. */
export function readStoredJson(key: string): unknown {
  const raw = readStoredText(key);
  return raw === null ? null : parseJson(raw);
}

/** Writes without telling anyone: for caches no screen follows. */
export function writeStoredQuietly(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the cache; the server stays the source of truth.
  }
}

/** Removes every key `matches` accepts (the reading positions of all books, say). */
export function removeStoredWhere(matches: (key: string) => boolean): void {
  const store = storage();
  const keys: string[] = [];
  try {
    for (let i = 0; i < (store?.length ?? 0); i += 1) {
      const key = store?.key(i);
      if (key && matches(key)) keys.push(key);
    }
  } catch {
    // Storage unavailable: nothing to remove.
  }
  for (const key of keys) {
    try {
      store?.removeItem(key);
    } catch {
      // Keep going: the remaining keys must still go.
    }
  }
  if (keys.length > 0) notifyChange("*");
}

/** One stored value, read back only while it still has the shape it was written with. */
export interface StoredValue<T> {
  read: () => T | null;
  /** Writes and tells the screens that follow storage (subscribeToStorage). */
  write: (value: T) => void;
  remove: () => void;
}

function storedValue<T>(key: string, parse: (raw: string) => T | null): StoredValue<T> {
  return {
    read: () => {
      const raw = readStoredText(key);
      return raw === null ? null : parse(raw);
    },
    write: (value) => {
      writeStoredQuietly(key, value);
      notifyChange(key);
    },
    remove: () => {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to undo when storage is unavailable.
      }
      notifyChange(key);
    },
  };
}

/** Kept as a plain string (not JSON) so the token reads the same to any other client code. */
export function storedText(key: string): StoredValue<string> {
  return storedValue(key, (raw) => raw);
}

export function storedNumber(key: string): StoredValue<number> {
  return storedValue(key, (raw) => {
    const value = parseJson(raw);
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  });
}

/**
 * A stored entry's id as the server now sends it: an earlier version of the app stored ids as
 * numbers (decision 015), and a returning reader's entries must still match the server's.
 */
export function withTextId<T>(entry: T): T {
  if (entry === null || typeof entry !== "object" || !("bookId" in entry)) return entry;
  const { bookId } = entry as { bookId: unknown };
  return typeof bookId === "number" ? { ...entry, bookId: String(bookId) } : entry;
}

/** A list of books' entries (the cart's, the loans just made), each id read back as text. */
export function storedBookList<T extends { bookId: WireId }>(key: string): StoredValue<T[]> {
  return storedValue(key, (raw) => {
    const value = parseJson(raw);
    return Array.isArray(value) ? (value.map(withTextId) as T[]) : null;
  });
}

/** The session (spec §3): the bearer token, whose presence is what "logged in" means. */
export const storedToken = storedText("token");
/** The account's id, stored with the token at login. */
export const storedUuid = storedText("uuid");

export function readToken(): string | null {
  const token = storedToken.read();
  return token && token.trim() !== "" ? token : null;
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
