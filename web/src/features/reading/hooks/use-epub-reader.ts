import type { WireId } from "@folio/contract/common";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import {
  openEpub,
  type OpenedBook,
  type ReaderLocation,
  type TurnDirection,
} from "../epub-adapter";
import { loadBook } from "../load-book";
import { readFailureOf, type ReadFailure } from "../read-error";
import { newestPosition, readLocalPosition, type ReaderPreferences } from "../reading-position";
import { contentLinkQuery, progressQuery } from "../reading-queries";
import { useProgressSaver } from "./use-progress-saver";

/** ArrowLeft and ArrowRight turn the page (left-to-right books). */
export function turnForKey(key: string): TurnDirection | null {
  if (key === "ArrowRight") return "next";
  if (key === "ArrowLeft") return "prev";
  return null;
}

function turnPage(book: OpenedBook, direction: TurnDirection): Promise<void> {
  return direction === "next" ? book.next() : book.prev();
}

export type ReaderStatus =
  { phase: "loading" } | { phase: "ready" } | { phase: "failed"; failure: ReadFailure };

interface UseEpubReaderOptions {
  bookId: WireId | null;
  /** The signed link from the query string (null when missing). */
  initialUrl: string | null;
  viewRef: RefObject<HTMLDivElement | null>;
  preferences: ReaderPreferences;
  /** Called when the link had to be renewed, so a reload uses the fresh one. */
  onFreshUrl: (url: string) => void;
  /** Escape pressed inside the book, whose keys never reach the page. */
  onEscape?: () => void;
}

/**
 * Downloads the book, opens it in the view, restores the saved place and keeps it saved.
 * Everything epubjs does goes through the adapter, so this logic runs in tests with a fake.
 */
export function useEpubReader({
  bookId,
  initialUrl,
  viewRef,
  preferences,
  onFreshUrl,
  onEscape,
}: UseEpubReaderOptions) {
  const [status, setStatus] = useState<ReaderStatus>({ phase: "loading" });
  const [book, setBook] = useState<OpenedBook | null>(null);
  const [location, setLocation] = useState<ReaderLocation | null>(null);
  const [percentage, setPercentage] = useState<number | null>(null);
  const record = useProgressSaver(bookId);
  const queryClient = useQueryClient();

  // The load runs once per book; these are read when it starts or when epubjs calls back.
  const startWith = useRef({ initialUrl, preferences, onFreshUrl });
  const recordRef = useRef(record);
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    recordRef.current = record;
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    if (bookId === null) return;
    const controller = new AbortController();
    let opened: OpenedBook | null = null;
    let cancelled = false;
    let latest: ReaderLocation | null = null;

    function relocated(current: OpenedBook, next: ReaderLocation) {
      latest = next;
      const known = current.percentageOf(next.cfi);
      setLocation(next);
      if (known !== null) setPercentage(known);
      recordRef.current(next.cfi, known);
    }

    async function open(id: WireId) {
      const { initialUrl: url, preferences: prefs, onFreshUrl: renewed } = startWith.current;
      // The saved place is asked for alongside the download; without it the book opens at the start.
      const progress = queryClient.fetchQuery(progressQuery(id)).catch(() => null);
      const freshLink = () => queryClient.fetchQuery(contentLinkQuery(id));
      const loaded = await loadBook(url, freshLink, controller.signal);
      if (cancelled) return;
      if (loaded.url !== url) renewed(loaded.url);
      const view = viewRef.current;
      if (!view) return;
      const current = await openEpub(loaded.data, view, prefs);
      if (cancelled) {
        current.destroy();
        return;
      }
      opened = current;
      current.onRelocated((next) => relocated(current, next));
      // Keys pressed inside the book's iframe and swipes on it never reach the page.
      current.onKey((key) => {
        if (key === "Escape") onEscapeRef.current?.();
        const direction = turnForKey(key);
        if (direction) void turnPage(current, direction);
      });
      current.onSwipe((direction) => void turnPage(current, direction));
      const start = newestPosition(await progress, readLocalPosition(id));
      if (cancelled) return;
      if (start?.percentage != null) setPercentage(start.percentage);
      try {
        await current.display(start?.locator);
      } catch {
        // A position from an older edition of the file may not exist any more.
        await current.display();
      }
      if (cancelled) return;
      setBook(current);
      setStatus({ phase: "ready" });
      await current.generateLocations();
      if (cancelled) return;
      // Now the place can be told as a percentage: show it and save it.
      if (latest) relocated(current, latest);
    }

    open(bookId).catch((error: unknown) => {
      if (cancelled) return;
      setStatus({ phase: "failed", failure: readFailureOf(error) });
    });
    return () => {
      cancelled = true;
      controller.abort();
      opened?.destroy();
      setBook(null);
    };
  }, [bookId, viewRef, queryClient]);

  const turn = useCallback(
    (direction: TurnDirection) => {
      if (book) void turnPage(book, direction);
    },
    [book],
  );

  return { status, book, location, percentage, turn };
}
