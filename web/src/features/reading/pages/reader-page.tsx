import type { WireId } from "@folio/contract/common";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { parseRouteId } from "../../../lib/route-id";
import { useSession } from "../../../lib/session";
import { Spinner } from "../../../ui/spinner";
import { ReaderSettings } from "../components/reader-settings";
import { TableOfContents } from "../components/table-of-contents";
import { turnForKey, useEpubReader } from "../hooks/use-epub-reader";
import { readingMessages } from "../messages";
import { readErrorMessage, type ReadFailure } from "../read-error";
import { clampFontSize, FONT_SIZE_STEP, type ReaderTheme } from "../reader-theme";
import { readPreferences, writePreferences, type ReaderPreferences } from "../reading-position";
import "../reader.css";

/** Spec §9: after 'Your session has expired' the reader goes to the login page after 3 s. */
export const EXPIRED_REDIRECT_MS = 3000;

/** Keys typed into a control belong to it (a radio group moves with the arrows). */
function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))
  );
}

function ReadFailureNotice({ failure, bookId }: { failure: ReadFailure; bookId: WireId | null }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (failure !== "expired") return;
    const timer = window.setTimeout(() => {
      // /login only opens for visitors; after logging in again the reader comes back here.
      signOut();
      void navigate("/login", { state: { from: `${pathname}${search}` } });
    }, EXPIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failure, navigate, pathname, search, signOut]);

  return (
    <div className="reader__failure">
      <p role="alert">{readErrorMessage(failure)}</p>
      {bookId !== null && failure !== "expired" && (
        <p>
          <Link to={`/book/${bookId}`}>Back to book</Link>
        </p>
      )}
    </div>
  );
}

/**
 * The reader of spec §2: the signed link arrives in `url`, the book in `bookId`. The chrome
 * (contents, page turns, font size, theme, progress) stays usable by keyboard at 375 px.
 */
export function ReaderPage() {
  const [params, setParams] = useSearchParams();
  const bookId = parseRouteId(params.get("bookId"));
  const viewRef = useRef<HTMLDivElement>(null);
  const [preferences, setPreferences] = useState<ReaderPreferences>(readPreferences);
  const [tocOpen, setTocOpen] = useState(false);
  const tocId = useId();
  const tocButton = useRef<HTMLButtonElement>(null);

  const tocOpenRef = useRef(tocOpen);
  useEffect(() => {
    tocOpenRef.current = tocOpen;
  });
  const closeToc = useCallback(() => {
    // Escape in the book with the contents closed must not pull focus out of the text.
    if (!tocOpenRef.current) return;
    setTocOpen(false);
    tocButton.current?.focus();
  }, []);

  const onFreshUrl = useCallback(
    (url: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("url", url);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { status, book, percentage, location, turn } = useEpubReader({
    bookId,
    initialUrl: params.get("url"),
    viewRef,
    preferences,
    onFreshUrl,
    onEscape: closeToc,
  });
  useDocumentTitle(book?.title.trim() || "Reader");

  useEffect(() => {
    if (!book) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      const direction = turnForKey(event.key);
      if (!direction) return;
      event.preventDefault();
      turn(direction);
    }
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [book, turn]);

  // Escape closes the contents from anywhere in the reader, not only from inside the panel.
  useEffect(() => {
    if (!tocOpen) return;
    function handleEscape(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      closeToc();
    }
    window.addEventListener("keydown", handleEscape);
    return () => window.removeEventListener("keydown", handleEscape);
  }, [tocOpen, closeToc]);

  function changePreferences(next: ReaderPreferences) {
    setPreferences(next);
    writePreferences(next);
    book?.setTheme(next.theme);
    book?.setFontSize(next.fontSize);
  }

  const failure: ReadFailure | null =
    bookId === null ? "failed" : status.phase === "failed" ? status.failure : null;
  const ready = status.phase === "ready" && book !== null && failure === null;
  const shownPercentage = percentage === null ? null : Math.round(percentage);
  const theme: ReaderTheme = preferences.theme;

  return (
    <div className={`reader reader--${theme}`}>
      <header className="reader__bar">
        {bookId !== null && (
          <Link className="reader__back" to={`/book/${bookId}`}>
            <span aria-hidden="true">←</span> Back to book
          </Link>
        )}
        <h1 className="reader__title">{book?.title.trim() || "Reader"}</h1>
        {failure === null && (
          <div className="reader__progress">
            <progress
              className="reader__progress-bar"
              aria-label="Reading progress"
              max={100}
              value={percentage ?? undefined}
            />
            <span className="reader__percentage" aria-hidden="true">
              {shownPercentage === null ? "…" : `${shownPercentage}%`}
            </span>
          </div>
        )}
      </header>

      {failure !== null ? (
        <ReadFailureNotice failure={failure} bookId={bookId} />
      ) : (
        <>
          <div className="reader__tools">
            <button
              ref={tocButton}
              type="button"
              className="reader-button"
              aria-expanded={tocOpen}
              aria-controls={tocId}
              disabled={!ready}
              onClick={() => setTocOpen((open) => !open)}
            >
              Contents
            </button>
            <ReaderSettings
              fontSize={preferences.fontSize}
              theme={theme}
              onFontSize={(change) =>
                changePreferences({
                  ...preferences,
                  fontSize: clampFontSize(preferences.fontSize + change * FONT_SIZE_STEP),
                })
              }
              onTheme={(next) => changePreferences({ ...preferences, theme: next })}
            />
          </div>
          <div className="reader__stage">
            {ready && tocOpen && (
              <TableOfContents
                id={tocId}
                entries={book.toc}
                onClose={closeToc}
                onSelect={(entry) => {
                  closeToc();
                  void book.display(entry.href);
                }}
              />
            )}
            <button
              type="button"
              className="reader-button reader__turn reader__turn--prev"
              aria-label="Previous page"
              disabled={!ready || location?.atStart === true}
              onClick={() => turn("prev")}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <div className="reader__view-wrap">
              <div ref={viewRef} className="reader__view" />
              {!ready && (
                <div className="reader__loading">
                  <Spinner label={readingMessages.loading} />
                  <p aria-hidden="true">{readingMessages.loading}…</p>
                </div>
              )}
            </div>
            <button
              type="button"
              className="reader-button reader__turn reader__turn--next"
              aria-label="Next page"
              disabled={!ready || location?.atEnd === true}
              onClick={() => turn("next")}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
