import type { PublicationLink } from "@folio/contract/reading";
import { useEffect, useRef, useState } from "react";
import { OfflineDownloadError, type OfflineBooks } from "./offline-books";
import { offlineBooks } from "./offline-reading";
import { useOfflineCopy } from "./use-offline-copy";
import "./offline-button.css";

export const offlineMessages = {
  download: "Download for offline reading",
  downloading: (percent: number) => `Downloading… ${percent}%`,
  kept: "Available offline",
  remove: "Remove download",
  removed: "Download removed",
  failed: "The book could not be downloaded. Please check your connection and try again.",
  removeFailed: "The download could not be removed. Please try again.",
};

interface OfflineButtonProps {
  bookId: string;
  title: string;
  /** A publication link for this reader and book (the reader's own, or a fresh one). */
  getLink: () => Promise<PublicationLink>;
  /** The store of copies; the browser's by default (tests give their own). */
  store?: OfflineBooks | null;
}

/** Decorative: each button's name is its text. */
function DownloadIcon() {
  return (
    <svg className="offline-control__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19h14" />
    </svg>
  );
}

function KeptIcon() {
  return (
    <svg className="offline-control__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 19h14M8 10.5l3 3 5.5-6.5" />
    </svg>
  );
}

/** Screen readers hear the progress in quarters, not at every file. */
const ANNOUNCE_STEP = 25;

/**
 * The reader's top-bar control for an offline copy: download it (with its progress), see that
 * it is kept, remove it. Renders nothing where the browser cannot keep books.
 */
export function OfflineButton({
  bookId,
  title,
  getLink,
  store = offlineBooks(),
}: OfflineButtonProps) {
  const copy = useOfflineCopy(bookId, store);
  const [percent, setPercent] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const controlRef = useRef<HTMLDivElement>(null);
  /** A download or removal started here: when its button is replaced, focus follows. */
  const focusFollows = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The focused button was replaced by the other one (focus fell to the page): it moves there.
  const shown = copy ? "kept" : "absent";
  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) controlRef.current?.querySelector("button")?.focus();
  }, [shown]);

  // The download's progress gives way to the kept copy once it shows (set while rendering, as
  // React advises for state that follows other state).
  if (copy && percent !== null) setPercent(null);
  if (!store || copy === undefined) return null;

  async function download() {
    if (!store || percent !== null) return;
    setProblem(null);
    setPercent(0);
    focusFollows.current = true;
    setAnnouncement(offlineMessages.downloading(0));
    let announced = 0;
    try {
      const link = await getLink();
      await store.download(bookId, link, title, (fraction) => {
        if (!mounted.current) return;
        const now = Math.floor(fraction * 100);
        setPercent(now);
        if (now - announced >= ANNOUNCE_STEP && now < 100) {
          announced = now - (now % ANNOUNCE_STEP);
          setAnnouncement(offlineMessages.downloading(announced));
        }
      });
      if (!mounted.current) return;
      // The progress stays at 100% until the kept copy shows in its place.
      setAnnouncement(offlineMessages.kept);
    } catch (error) {
      if (!mounted.current) return;
      const message =
        error instanceof OfflineDownloadError ? error.message : offlineMessages.failed;
      focusFollows.current = false;
      setPercent(null);
      setProblem(message);
      setAnnouncement(message);
    }
  }

  async function remove() {
    if (!store) return;
    setProblem(null);
    try {
      focusFollows.current = true;
      await store.remove(bookId);
      setAnnouncement(offlineMessages.removed);
    } catch {
      focusFollows.current = false;
      setProblem(offlineMessages.removeFailed);
      setAnnouncement(offlineMessages.removeFailed);
    }
  }

  const busy = percent !== null;
  // Each button is named by aria-label, the same words it shows where the bar has room: on a
  // narrow screen it shows only an icon or the percentage (offline-button.css).
  return (
    <div className="offline-control" ref={controlRef}>
      {copy ? (
        <>
          <span className="offline-control__kept offline-control__label">
            {offlineMessages.kept}
          </span>
          <button
            type="button"
            className="offline-control__button"
            aria-label={offlineMessages.remove}
            title={`${offlineMessages.kept}. ${offlineMessages.remove}`}
            onClick={() => void remove()}
          >
            <KeptIcon />
            <span className="offline-control__label">{offlineMessages.remove}</span>
          </button>
        </>
      ) : (
        <button
          type="button"
          className="offline-control__button"
          aria-label={busy ? offlineMessages.downloading(percent) : offlineMessages.download}
          title={offlineMessages.download}
          // Stays focusable while busy (a disabled button would drop the focus).
          aria-disabled={busy}
          onClick={() => void download()}
        >
          {busy ? (
            <>
              <span className="offline-control__label">{offlineMessages.downloading(percent)}</span>
              <span className="offline-control__narrow">{percent}%</span>
            </>
          ) : (
            <>
              <DownloadIcon />
              <span className="offline-control__label">{offlineMessages.download}</span>
            </>
          )}
        </button>
      )}
      {problem && (
        // Said by the live region below; shown here for the eyes.
        <span className="offline-control__problem" aria-hidden="true">
          {problem}
        </span>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
