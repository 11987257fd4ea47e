import type { WireId } from "@folio/contract/common";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { saveProgress } from "../api/reading-api";
import { writeLocalPosition } from "../reading-position";

/** Page turns come quickly; the server hears the place once the reader pauses for a second. */
export const SAVE_DELAY_MS = 1000;

interface Pending {
  locator: string;
  percentage: number;
}

/**
 * Records the reading position: at once in this browser, and on the server after a pause, when
 * the page is hidden or left. A failed save is quiet: the local copy still holds the place.
 */
export function useProgressSaver(bookId: WireId | null) {
  const pending = useRef<Pending | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // Runs even after the reader has closed: leaving the page saves the place.
  const { mutate: save } = useMutation({ mutationFn: saveProgress });

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (!next || bookId === null) return;
    save({ bookId, locator: next.locator, percentage: next.percentage });
  }, [bookId, save]);

  const record = useCallback(
    (locator: string, percentage: number) => {
      if (bookId === null) return;
      writeLocalPosition(bookId, { locator, percentage, savedAt: new Date().toISOString() });
      pending.current = { locator, percentage: Math.min(100, Math.max(0, percentage)) };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, SAVE_DELAY_MS);
    },
    [bookId, flush],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  return record;
}
