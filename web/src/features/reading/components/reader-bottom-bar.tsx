import type { ReadiumLocator } from "@folio/contract/reading";
import { useCallback, useEffect, useId, useMemo, useState, type FocusEvent } from "react";
import {
  pageOfChapter,
  percentageOf,
  positionsLeftInChapter,
  type ReadingPlace,
} from "../reader-locator";
import { formatDuration, minutesFor, type ReadingPace } from "../reading-pace";

interface ReaderBottomBarProps {
  chapter: string;
  place: ReadingPlace | null;
  /** The book's positions list, once it is known. */
  positions: readonly ReadiumLocator[] | undefined;
  /** The reader's own pace, which the time left is counted in. */
  pace: ReadingPace;
  ready: boolean;
  /** Goes to the position picked with the slider. */
  onGo: (locator: ReadiumLocator) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/** Where the reader is: chapter, page and percentage, a slider to jump, and the time left. */
export function ReaderBottomBar({
  chapter,
  place,
  positions,
  pace,
  ready,
  onGo,
  onFocus,
}: ReaderBottomBarProps) {
  const sliderId = useId();
  const position = place?.position ?? 1;
  const total = place?.total ?? Math.max(1, positions?.length ?? 1);
  const percentage = place ? percentageOf(place) : 0;
  const leftInChapter = useMemo(
    () => (positions && place ? positionsLeftInChapter(positions, place) : 0),
    [positions, place],
  );

  const seek = useCallback(
    (to: number) => {
      const target = positions?.[to - 1];
      if (target) onGo(target);
    },
    [positions, onGo],
  );
  // The slider follows the reader, but while it is being dragged it shows where it will land.
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => {
    if (dragging === null) return;
    const timer = window.setTimeout(() => {
      seek(dragging);
      setDragging(null);
    }, 350);
    return () => window.clearTimeout(timer);
  }, [dragging, seek]);

  const shown = dragging ?? position;
  // Rounded down: 100% is for a book read to its end, not for its last few pages.
  const shownPercent = Math.floor(
    dragging === null ? percentage : ((dragging - 1) / Math.max(1, total)) * 100,
  );
  return (
    <footer className="reader-bar reader-bar--bottom" onFocus={onFocus}>
      <div className="reader-progress__labels">
        <span className="reader-progress__chapter">{chapter}</span>
        <span className="reader-progress__page">
          {/* Where the slider will land while it is dragged; nothing until the page is measured
              (a space holds the line), so no stand-in "Page 1 of 1" ever shows. */}
          {dragging !== null
            ? `${shownPercent}%`
            : place?.screen
              ? `${pageOfChapter(place.screen)} · ${shownPercent}%`
              : "\u00a0"}
        </span>
      </div>
      <label htmlFor={sliderId} className="visually-hidden">
        Position in book
      </label>
      <input
        id={sliderId}
        className="reader-progress__slider"
        type="range"
        min={1}
        max={Math.max(1, total)}
        step={1}
        value={shown}
        disabled={!ready}
        aria-valuetext={`${shownPercent}% of the book`}
        onChange={(event) => setDragging(Number(event.target.value))}
      />
      <p className="reader-progress__time">
        {formatDuration(minutesFor(leftInChapter, pace))} left in chapter ·{" "}
        {formatDuration(place ? minutesFor(total - position, pace) : 0)} left in book
      </p>
    </footer>
  );
}
