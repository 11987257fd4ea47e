import { wireIdSchema, type WireId } from "@folio/contract/common";
import {
  bookPreferencesSchema,
  DEFAULT_READER_PREFERENCES,
  MAX_BOOK_PREFERENCES,
  readerPreferencesSchema,
  type BookPreferences,
  type ReaderPreferences,
} from "@folio/contract/reading";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { saveReaderPreferences } from "../api/reading-api";
import {
  navigatorPreferences,
  readLocalPreferences,
  shownTheme,
  writeLocalPreferences,
  type ShownTheme,
} from "../reader-theme";
import { readerPreferencesQuery, readingKeys } from "../reading-queries";

/** Settings change in bursts (A+ A+ A+); the server hears the last of them. */
export const PREFERENCES_SAVE_DELAY_MS = 800;

/**
 * Preferences from anywhere (the server, this device's copy, an older app's copy): each field
 * that is valid is kept, any other takes the default. An old copy of `{theme, fontSize: 110}`
 * keeps its theme. A book's own settings are checked one by one, so one bad entry loses only
 * itself.
 */
export function preferencesFrom(value: unknown): ReaderPreferences {
  const stored =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_READER_PREFERENCES };
  for (const [field, schema] of Object.entries(readerPreferencesSchema.shape)) {
    if (field === "books") continue;
    const parsed = schema.safeParse(stored[field]);
    if (parsed.success && parsed.data !== undefined) result[field] = parsed.data;
  }
  const books = booksFrom(stored.books);
  if (books) result.books = books;
  return result as ReaderPreferences;
}

function booksFrom(value: unknown): Record<WireId, BookPreferences> | null {
  if (typeof value !== "object" || value === null) return null;
  const books: Record<WireId, BookPreferences> = {};
  for (const [bookId, own] of Object.entries(value)) {
    if (!wireIdSchema.safeParse(bookId).success) continue;
    const parsed = bookPreferencesSchema.safeParse(own);
    if (parsed.success && Object.keys(parsed.data).length > 0) books[bookId] = parsed.data;
  }
  const ids = Object.keys(books);
  if (ids.length === 0) return null;
  // The newest come last (see withBookSettings); the oldest go first when there are too many.
  return Object.fromEntries(
    ids.slice(-MAX_BOOK_PREFERENCES).map((bookId) => [bookId, books[bookId]!]),
  );
}

/** The settings that a reader sets for the book they are reading, not for every book. */
const BOOK_FIELDS = ["fontSize", "layout"] as const satisfies readonly (keyof BookPreferences)[];

/** The reader's set as one book is read: its own layout and text size over the reader's. */
export function preferencesForBook(
  preferences: ReaderPreferences,
  bookId: WireId | null,
): ReaderPreferences {
  const own = bookId === null ? undefined : preferences.books?.[bookId];
  return own ? { ...preferences, ...own } : preferences;
}

/**
 * A change made while reading a book: its layout and text size become the book's own (moved
 * to the end, the newest), the rest the reader's for every book.
 */
export function withChange(
  preferences: ReaderPreferences,
  bookId: WireId | null,
  patch: Partial<ReaderPreferences>,
): ReaderPreferences {
  if (bookId === null) return preferencesFrom({ ...preferences, ...patch });
  const everyBook: Partial<ReaderPreferences> = { ...patch };
  const ownPatch: BookPreferences = {};
  for (const field of BOOK_FIELDS) {
    if (patch[field] === undefined) continue;
    Object.assign(ownPatch, { [field]: patch[field] });
    delete everyBook[field];
  }
  let books = preferences.books;
  if (Object.keys(ownPatch).length > 0) {
    const { [bookId]: before, ...others } = preferences.books ?? {};
    books = { ...others, [bookId]: { ...before, ...ownPatch } };
  }
  return preferencesFrom({ ...preferences, ...everyBook, ...(books ? { books } : {}) });
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribeToScheme(listener: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener("change", listener);
  return () => media?.removeEventListener("change", listener);
}

/** Whether the system asks for dark colours now. */
export function useSystemDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia?.(DARK_QUERY).matches ?? false,
    () => false,
  );
}

/**
 * The reader's settings: this device's last copy at once, then the server's (the same on every
 * device) unless the reader has already changed something here. Each change shows at once,
 * is kept on this device and reaches the server after a short pause. With a book, its layout
 * and text size are its own (withChange); `preferences` is what that book is shown in. `look`
 * is what the navigator is told: a new object only when something it shows has changed.
 */
export function useReaderPreferences(bookId: WireId | null = null) {
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<ReaderPreferences>(() =>
    preferencesFrom(readLocalPreferences()),
  );
  const changedHere = useRef(false);
  const server = useQuery(readerPreferencesQuery());
  const { mutate: save } = useMutation({ mutationFn: saveReaderPreferences });
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<ReaderPreferences | null>(null);

  const latest = useRef(stored);
  const serverPreferences = server.data;
  useEffect(() => {
    if (!serverPreferences || changedHere.current) return;
    const fromServer = preferencesFrom(serverPreferences);
    latest.current = fromServer;
    setStored(fromServer);
    writeLocalPreferences(fromServer);
  }, [serverPreferences]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) save(next);
  }, [save]);

  useEffect(() => flush, [flush]);

  const change = useCallback(
    (patch: Partial<ReaderPreferences>) => {
      changedHere.current = true;
      const next = withChange(latest.current, bookId, patch);
      latest.current = next;
      setStored(next);
      writeLocalPreferences(next);
      queryClient.setQueryData(readingKeys.preferences(), next);
      pending.current = next;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, PREFERENCES_SAVE_DELAY_MS);
    },
    [bookId, flush, queryClient],
  );

  const preferences = useMemo(() => preferencesForBook(stored, bookId), [stored, bookId]);
  const systemDark = useSystemDark();
  const theme: ShownTheme = shownTheme(preferences.theme, systemDark);
  const look = useMemo(() => navigatorPreferences(preferences, theme), [preferences, theme]);
  return { preferences, theme, look, change };
}
