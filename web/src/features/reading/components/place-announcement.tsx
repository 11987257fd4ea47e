import { useEffect, useState } from "react";
import { pageOfChapter, type ReadingPlace } from "../reader-locator";

/** The page or chapter is announced once the reader stops turning for this long. */
const ANNOUNCE_DELAY_MS = 400;

/** Tells a screen reader the page and chapter, once the reader stops turning. */
export function PlaceAnnouncement({
  place,
  chapter,
}: {
  place: ReadingPlace | null;
  chapter: string;
}) {
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const screen = place?.screen;
    if (!screen) return;
    const timer = window.setTimeout(
      () => setAnnouncement(`${pageOfChapter(screen)}${chapter ? `, ${chapter}` : ""}`),
      ANNOUNCE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [place, chapter]);

  return (
    <p className="visually-hidden" aria-live="polite">
      {announcement}
    </p>
  );
}
