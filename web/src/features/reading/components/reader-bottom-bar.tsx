import { useEffect, useId, useState, type FocusEvent } from "react";
import { formatDuration } from "../reading-pace";

interface ReaderBottomBarProps {
  chapter: string;
  position: number;
  total: number;
  percentage: number;
  minutesLeftInChapter: number;
  minutesLeftInBook: number;
  ready: boolean;
  onSeek: (position: number) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/** Where the reader is: chapter, page and percentage, a slider to jump, and the time left. */
export function ReaderBottomBar({
  chapter,
  position,
  total,
  percentage,
  minutesLeftInChapter,
  minutesLeftInBook,
  ready,
  onSeek,
  onFocus,
}: ReaderBottomBarProps) {
  const sliderId = useId();
  // The slider follows the reader, but while it is being dragged it shows where it will land.
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => {
    if (dragging === null) return;
    const timer = window.setTimeout(() => {
      onSeek(dragging);
      setDragging(null);
    }, 350);
    return () => window.clearTimeout(timer);
  }, [dragging, onSeek]);

  const shown = dragging ?? position;
  const shownPercent =
    dragging === null ? percentage : Math.round(((dragging - 1) / Math.max(1, total)) * 100);
  return (
    <footer className="reader-bar reader-bar--bottom" onFocus={onFocus}>
      <div className="reader-progress__labels">
        <span className="reader-progress__chapter">{chapter}</span>
        <span className="reader-progress__page">
          Page {shown.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")} ·{" "}
          {Math.round(shownPercent)}%
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
        aria-valuetext={`Page ${shown} of ${total}, ${Math.round(shownPercent)}%`}
        onChange={(event) => setDragging(Number(event.target.value))}
      />
      <p className="reader-progress__time">
        {formatDuration(minutesLeftInChapter)} left in chapter · {formatDuration(minutesLeftInBook)}{" "}
        left in book
      </p>
    </footer>
  );
}
