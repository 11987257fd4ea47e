import { useEffect, useState } from "react";
import type { ReadingPlace } from "../reader-locator";

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
    if (!place) return;
    const timer = window.setTimeout(
      () =>
        setAnnouncement(`Page ${place.position} of ${place.total}${chapter ? `, ${chapter}` : ""}`),
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
