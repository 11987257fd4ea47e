import type { WireId } from "@folio/contract/common";
import type { Annotation, HighlightColor, ReadiumLocator } from "@folio/contract/reading";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type SetStateAction,
} from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { parseRouteId } from "../../../lib/route-id";
import { useSession } from "../../../lib/session";
import { Spinner } from "../../../ui/spinner";
import type { SearchHit } from "../book-search";
import { AnnotationsPanel } from "../components/annotations-panel";
import { ContentsPanel } from "../components/contents-panel";
import { HighlightDialog } from "../components/highlight-dialog";
import { ReaderBottomBar } from "../components/reader-bottom-bar";
import { ReaderTopBar, type ReaderPanelName } from "../components/reader-top-bar";
import { SearchPanel } from "../components/search-panel";
import { SelectionPopup } from "../components/selection-popup";
import { SettingsPanel } from "../components/settings-panel";
import { flashQuote, highlightAt, paintHighlights } from "../frame-highlights";
import { isPendingAnnotation, useAnnotations } from "../hooks/use-annotations";
import { useBookSearch } from "../hooks/use-book-search";
import { useProgressSaver } from "../hooks/use-progress-saver";
import { usePublicationReader, type OfflineManifest } from "../hooks/use-publication-reader";
import { useReaderPreferences } from "../hooks/use-reader-preferences";
import { useReadingPace } from "../hooks/use-reading-pace";
import { readingMessages } from "../messages";
import { readErrorMessage, type ReadFailure } from "../read-error";
import {
  bookmarkOnPage,
  bookmarkText,
  selectionOf,
  type TextSelection,
} from "../reader-annotations";
import { turnForKey, zoneOfTap } from "../reader-input";
import {
  percentageOf,
  progressLocatorText,
  resourceOf,
  type ReadingPlace,
} from "../reader-locator";
import { navigatorPreferences } from "../reader-theme";
import { currentTocEntry } from "../reader-toc";
import { minutesFor } from "../reading-pace";
import "../reader.css";

/** Spec §9: after 'Your session has expired' the reader goes to the login page after 3 s. */
export const EXPIRED_REDIRECT_MS = 3000;
/** The page or chapter is announced once the reader stops turning for this long. */
const ANNOUNCE_DELAY_MS = 400;
/** A second toggle of the bars this soon after the first is the same tap reported again. */
const TAP_REPEAT_MS = 350;
/** How long the bars stay after the book has opened. */
const CONTROLS_LINGER_MS = 2500;

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

type Dialog =
  | { kind: ReaderPanelName }
  | { kind: "new-note"; selection: TextSelection }
  | { kind: "highlight"; id: string };

/**
 * Whether a key belongs to the control it was pressed on rather than to the book: every key of
 * a field or slider, and Enter or space on a button or link (which press it).
 */
function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  const tag = target.tagName.toUpperCase();
  if ((target as HTMLElement).isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(tag))
    return true;
  const pressable =
    ["BUTTON", "A", "SUMMARY"].includes(tag) || target.getAttribute("role") === "button";
  return pressable && (key === "Enter" || key === " ");
}

/** Whether focus came from the keyboard (a browser without :focus-visible counts it so). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

export interface ReaderPageProps {
  /** The app's "Download for offline reading" control, shown in the top bar. */
  renderDownload?: (book: { bookId: WireId; title: string }) => ReactNode;
  /** Where a downloaded copy's manifest is, for when the server cannot be reached. */
  offlineManifest?: OfflineManifest;
}

/**
 * The reader of spec §2 (`/reader?url=…&bookId=N`), full screen: the book fills the page, and
 * the bars (tools above, place and time left below) hide while reading. A tap in the middle of
 * the page, Enter on the book, or Tab into them brings them back; Escape hides them.
 */
export function ReaderPage({ renderDownload, offlineManifest }: ReaderPageProps) {
  const [params] = useSearchParams();
  const bookId = parseRouteId(params.get("bookId"));
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLElement>(null);
  const { preferences, theme, change } = useReaderPreferences();
  const [place, setPlace] = useState<ReadingPlace | null>(null);
  const [controlsShown, setControlsShownNow] = useState(true);
  const lingerTimer = useRef<number | undefined>(undefined);
  // Whatever the reader does with the bars wins over their stepping aside after the opening.
  const setControlsShown = useCallback((next: SetStateAction<boolean>) => {
    window.clearTimeout(lingerTimer.current);
    setControlsShownNow(next);
  }, []);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const frames = useRef(new Set<Window>());
  const record = useProgressSaver(bookId);
  const { pace, recordPosition, jumped } = useReadingPace();

  const reader = usePublicationReader({
    bookId,
    containerRef,
    preferences: navigatorPreferences(preferences, theme),
    offlineManifest,
    onMoved: (next, opening) => {
      setPlace(next);
      recordPosition(next.position);
      // The place the book opened at is already saved; from the first turn on, each is.
      if (!opening) record(progressLocatorText(next.locator), percentageOf(next));
    },
    listeners: {
      frameLoaded: (frame) => frameLoaded(frame),
      tapped: (frame, x, y) => tapped(frame, x, y),
      selected: (frame) => selected(frame),
    },
  });
  const { status, publication, view } = reader;
  const ready = status.phase === "ready" && publication !== null && view !== null;
  const readingOrder = useMemo(
    () => publication?.readingOrder.map((item) => item.href) ?? [],
    [publication],
  );
  const annotations = useAnnotations(bookId, readingOrder);
  const search = useBookSearch(readingOrder, publication?.chapterText ?? null);
  const title = publication?.title.trim() || "Reader";
  useDocumentTitle(title);

  const chapterEntry = useMemo(
    () =>
      publication && place
        ? currentTocEntry(publication.toc, readingOrder, place.locator.href)
        : null,
    [publication, place, readingOrder],
  );
  const chapterTitle = useCallback(
    (href: string) => {
      if (!publication) return "";
      const entry = currentTocEntry(publication.toc, readingOrder, href);
      const item = publication.readingOrder.find((r) => r.href === resourceOf(href));
      return entry?.title ?? item?.title ?? publication.title;
    },
    [publication, readingOrder],
  );

  // ---- Turning pages ------------------------------------------------------------------------
  const paginated = preferences.layout === "paginated";
  const turn = useCallback(
    (direction: "next" | "prev") => {
      setSelection(null);
      setControlsShown(false);
      reader.turn(direction);
    },
    [reader, setControlsShown],
  );

  const go = useCallback(
    async (locator: ReadiumLocator, flash?: { quote: NonNullable<ReadiumLocator["text"]> }) => {
      if (!view) return;
      jumped();
      setDialog(null);
      setSelection(null);
      // Back to the book once the panel has given focus back to its button: keys turn pages,
      // and the bars step aside.
      window.setTimeout(() => {
        stageRef.current?.focus({ preventScroll: true });
        setControlsShown(false);
      }, 0);
      await view.go(locator);
      const frame = view.currentFrame();
      if (flash && frame) {
        // The chapter may still be settling into columns: flash once it has drawn.
        window.setTimeout(() => flashQuote(frame, flash.quote, locator.locations?.progression), 60);
      }
    },
    [view, jumped, setControlsShown],
  );

  const handleKey = useCallback(
    (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape") {
        if (selection) setSelection(null);
        else setControlsShown(false);
        return;
      }
      if (keyBelongsToControl(event.target, event.key)) return;
      if (event.key === "Enter") {
        event.preventDefault();
        setControlsShown((shown) => !shown);
        return;
      }
      const direction = turnForKey(event.key, event.shiftKey, paginated);
      if (!direction) return;
      event.preventDefault();
      turn(direction);
    },
    [paginated, selection, turn, setControlsShown],
  );

  useEffect(() => {
    if (!ready || dialog) return;
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [ready, dialog, handleKey]);

  // Keys pressed while the book's frame has focus never reach the page: each frame forwards them.
  const handleKeyRef = useRef(handleKey);
  useEffect(() => {
    handleKeyRef.current = handleKey;
  });

  // ---- The book's frames --------------------------------------------------------------------
  const annotationList = annotations.annotations;
  const paint = useCallback(
    (frame: Window) => {
      const href = publication?.hrefOfFrame(frame);
      if (href) paintHighlights(frame, href, annotationList);
    },
    [publication, annotationList],
  );
  const paintRef = useRef(paint);
  useEffect(() => {
    paintRef.current = paint;
  });

  function frameLoaded(frame: Window) {
    if (!frames.current.has(frame)) {
      frames.current.add(frame);
      frame.document.addEventListener("keydown", (event) => handleKeyRef.current(event));
    }
    paintRef.current(frame);
  }

  useEffect(() => {
    for (const frame of [...frames.current]) {
      if (frame.closed || !frame.frameElement?.isConnected) frames.current.delete(frame);
      else paint(frame);
    }
  }, [paint]);

  function tapped(frame: Window, x: number, y: number) {
    if (selection || frame.getSelection()?.isCollapsed === false) {
      setSelection(null);
      return;
    }
    const hit = highlightAt(frame, x, y);
    if (hit) {
      setDialog({ kind: "highlight", id: hit });
      return;
    }
    const left = frame.frameElement?.getBoundingClientRect().left ?? 0;
    tappedAt(left + x);
  }

  const lastToggle = useRef(0);
  function tappedAt(pageX: number) {
    const zone = zoneOfTap(pageX, window.innerWidth, paginated);
    if (zone !== "middle") {
      turn(zone);
      return;
    }
    // One tap can reach us twice (the frame's pointer and click reports): toggle once.
    const now = performance.now();
    if (now - lastToggle.current < TAP_REPEAT_MS) return;
    lastToggle.current = now;
    setControlsShown((shown) => !shown);
  }

  function selected(frame: Window) {
    if (!publication) return;
    const found = selectionOf(frame, publication, chapterTitle);
    setSelection(found);
  }

  // ---- Annotations --------------------------------------------------------------------------
  const range = view?.visibleRange() ?? null;
  const pageBookmark =
    place === null ? undefined : annotationList.find((a) => bookmarkOnPage(a, place, range));

  async function toggleBookmark() {
    if (bookId === null || !place || !publication) return;
    if (pageBookmark) {
      if (!isPendingAnnotation(pageBookmark)) annotations.remove(pageBookmark.id);
      return;
    }
    const text = await bookmarkText(publication, place.locator).catch(() => "");
    annotations.add({
      bookId,
      kind: "bookmark",
      locator: { ...place.locator, title: chapterTitle(place.locator.href) || undefined },
      ...(text ? { text } : {}),
    });
  }

  function highlightSelection(color: HighlightColor, note?: string, from = selection) {
    if (bookId === null || !from) return;
    annotations.add({
      bookId,
      kind: "highlight",
      locator: from.locator,
      text: from.locator.text?.highlight ?? "",
      color,
      ...(note?.trim() ? { note } : {}),
    });
    from.frame.getSelection()?.removeAllRanges();
    setSelection(null);
  }

  function openAnnotation(annotation: Annotation) {
    const quote = annotation.kind === "highlight" ? annotation.locator.text : undefined;
    void go(annotation.locator, quote ? { quote } : undefined);
  }

  function openHit(hit: SearchHit) {
    const base = publication?.locatorOf(hit.href);
    if (!base) return;
    void go(
      { ...base, locations: { progression: hit.progression }, text: hit.quote },
      { quote: hit.quote },
    );
  }

  // Tabbing into a hidden bar brings it back; focus given back after a click does not.
  const showForKeyboard = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (isKeyboardFocus(event.target)) setControlsShown(true);
    },
    [setControlsShown],
  );

  // The bars show while the book opens, then step aside for the text.
  useEffect(() => {
    if (!ready) return;
    lingerTimer.current = window.setTimeout(() => setControlsShownNow(false), CONTROLS_LINGER_MS);
    return () => window.clearTimeout(lingerTimer.current);
  }, [ready]);

  // ---- Look ---------------------------------------------------------------------------------
  useEffect(() => {
    if (!view) return;
    void view.setPreferences(navigatorPreferences(preferences, theme));
  }, [view, preferences, theme]);

  // ---- Telling where the reader is ----------------------------------------------------------
  const chapterName = chapterEntry?.title ?? (place ? chapterTitle(place.locator.href) : "");
  useEffect(() => {
    if (!place) return;
    const timer = window.setTimeout(
      () =>
        setAnnouncement(
          `Page ${place.position} of ${place.total}${chapterName ? `, ${chapterName}` : ""}`,
        ),
      ANNOUNCE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [place, chapterName]);

  const positions = publication?.positions;
  const positionsLeftInChapter = useMemo(() => {
    if (!positions || !place) return 0;
    const resource = resourceOf(place.locator.href);
    return positions.filter(
      (p) => resourceOf(p.href) === resource && (p.locations?.position ?? 0) > place.position,
    ).length;
  }, [positions, place]);

  const seek = useCallback(
    (position: number) => {
      const target = positions?.[position - 1];
      if (target) void go(target);
    },
    [positions, go],
  );

  // ---- Drawing ------------------------------------------------------------------------------
  const failure: ReadFailure | null =
    bookId === null ? "failed" : status.phase === "failed" ? status.failure : null;
  const editing =
    dialog?.kind === "highlight"
      ? annotationList.find((a) => String(a.id) === dialog.id)
      : undefined;

  return (
    <div
      className={`reader reader-theme--${theme}`}
      data-controls={controlsShown || !ready ? "shown" : "hidden"}
      data-layout={preferences.layout}
    >
      <ReaderTopBar
        title={title}
        backTo={bookId === null ? null : `/book/${bookId}`}
        ready={ready}
        bookmarked={pageBookmark !== undefined}
        extra={
          bookId !== null && renderDownload && ready ? renderDownload({ bookId, title }) : null
        }
        onOpen={(panel) => setDialog({ kind: panel })}
        onBookmark={() => void toggleBookmark()}
        onFocus={showForKeyboard}
      />

      <main
        ref={stageRef}
        tabIndex={-1}
        className="reader-stage"
        aria-label={title}
        onClick={(event) => {
          // Taps on the margins beside the text, outside the book's frame.
          if (ready && event.target === event.currentTarget) tappedAt(event.clientX);
        }}
      >
        <div className="reader-running-head" aria-hidden="true">
          {chapterName}
        </div>
        <div ref={containerRef} className="reader-stage__book" />
        {failure !== null ? (
          <ReadFailureNotice failure={failure} bookId={bookId} />
        ) : (
          !ready && (
            <div className="reader__loading">
              <Spinner label={readingMessages.loading} />
              <p aria-hidden="true">{readingMessages.loading}…</p>
            </div>
          )
        )}
        <div className="reader-running-foot" aria-hidden="true">
          {place
            ? `${place.position.toLocaleString("en-GB")} / ${place.total.toLocaleString("en-GB")}`
            : ""}
        </div>
      </main>

      {failure === null && (
        <ReaderBottomBar
          chapter={chapterName}
          position={place?.position ?? 1}
          total={place?.total ?? publication?.positions.length ?? 1}
          percentage={place ? percentageOf(place) : 0}
          minutesLeftInChapter={minutesFor(positionsLeftInChapter, pace)}
          minutesLeftInBook={place ? minutesFor(place.total - place.position, pace) : 0}
          ready={ready}
          onSeek={seek}
          onFocus={showForKeyboard}
        />
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {selection && !dialog && (
        <SelectionPopup
          rect={selection.rect}
          onHighlight={(color) => highlightSelection(color)}
          onNote={() => setDialog({ kind: "new-note", selection })}
        />
      )}

      {ready && dialog?.kind === "contents" && (
        <ContentsPanel
          toc={publication.toc}
          currentId={chapterEntry?.id ?? null}
          theme={theme}
          onSelect={(entry) => {
            const locator = publication.locatorOf(entry.href);
            if (locator) void go(locator);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {ready && dialog?.kind === "search" && (
        <SearchPanel
          state={search}
          theme={theme}
          chapterTitle={chapterTitle}
          onSearch={search.search}
          onSelect={openHit}
          onClose={() => setDialog(null)}
        />
      )}
      {ready && dialog?.kind === "notes" && (
        <AnnotationsPanel
          annotations={annotationList}
          theme={theme}
          chapterTitle={chapterTitle}
          onSelect={openAnnotation}
          onDelete={(annotation) => annotations.remove(annotation.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "settings" && (
        <SettingsPanel
          preferences={preferences}
          theme={theme}
          onChange={change}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "new-note" && (
        <HighlightDialog
          mode="new"
          text={dialog.selection.locator.text?.highlight ?? ""}
          color="yellow"
          note=""
          theme={theme}
          onSave={({ color, note }) => {
            highlightSelection(color, note, dialog.selection);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {editing && (
        <HighlightDialog
          mode="edit"
          text={editing.text ?? editing.locator.text?.highlight ?? ""}
          color={editing.color ?? "yellow"}
          note={editing.note ?? ""}
          theme={theme}
          saving={isPendingAnnotation(editing)}
          onSave={({ color, note }) => {
            annotations.change({ id: editing.id, color, note });
            setDialog(null);
          }}
          onDelete={() => {
            annotations.remove(editing.id);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
