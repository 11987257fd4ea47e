import type { WireId } from "@folio/contract/common";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { parseRouteId } from "../../../lib/route-id";
import { AnnotationDialogs } from "../components/annotation-dialogs";
import { PlaceAnnouncement } from "../components/place-announcement";
import { ReaderBottomBar } from "../components/reader-bottom-bar";
import { ReaderPanels } from "../components/reader-panels";
import { ReaderStage } from "../components/reader-stage";
import { ReaderTopBar } from "../components/reader-top-bar";
import { useChapters } from "../hooks/use-chapters";
import { usePublicationReader, type OfflineManifest } from "../hooks/use-publication-reader";
import { useReaderAnnotations } from "../hooks/use-reader-annotations";
import { useReaderChrome } from "../hooks/use-reader-chrome";
import { useReaderPreferences } from "../hooks/use-reader-preferences";
import { useReadingPosition } from "../hooks/use-reading-position";
import "../reader.css";

export interface ReaderPageProps {
  /** The app's "Download for offline reading" control, shown in the top bar. */
  renderDownload?: (book: { bookId: WireId; title: string }) => ReactNode;
  /** Where a downloaded copy's manifest is, for when the server cannot be reached. */
  offlineManifest?: OfflineManifest;
}

/**
 * The reader of spec §2 (`/reader?url=…&bookId=N`), full screen: the book fills the page, and
 * the bars (tools above, place and time left below) hide while reading (use-reader-chrome.ts).
 */
export function ReaderPage({ renderDownload, offlineManifest }: ReaderPageProps) {
  const [params] = useSearchParams();
  const bookId = parseRouteId(params.get("bookId"));
  const settings = useReaderPreferences(bookId);
  const { preferences, theme } = settings;
  const position = useReadingPosition(bookId);
  const { place } = position;
  const reader = usePublicationReader({
    bookId,
    preferences: settings.look,
    savedPosition: position.saved,
    offlineManifest,
    onMoved: position.moved,
    // These run only once the book is drawn, by when `notes` and `chrome` (below) are there.
    // A jump is not reading (the pace starts afresh); what was over the book closes.
    onJump: () => {
      position.jumped();
      notes.clearSelection();
      chrome.backToBook();
    },
    listeners: {
      frameLoaded: (frame) => {
        chrome.listenTo(frame);
        notes.frameLoaded(frame);
      },
      tapped: (frame, x, y) => {
        if (!notes.tapped(frame, x, y)) chrome.tappedInFrame(frame, x);
      },
      selected: (frame) => notes.selected(frame),
    },
  });
  const { ready, failure, publication } = reader;
  const chapters = useChapters(publication, place?.locator.href ?? null);
  const notes = useReaderAnnotations({
    bookId,
    publication,
    view: reader.view,
    place,
    chapters,
    onOpenHighlight: (id) => chrome.open({ kind: "highlight", id }),
  });
  const chrome = useReaderChrome({
    ready,
    paginated: preferences.layout === "paginated",
    onTurn: (direction) => {
      notes.clearSelection();
      reader.turn(direction);
    },
    onEscape: notes.dismissSelection,
  });
  const title = publication?.title.trim() || "Reader";
  useDocumentTitle(title);

  return (
    <div
      className={`reader reader-theme--${theme}`}
      data-controls={chrome.barsShown ? "shown" : "hidden"}
      data-layout={preferences.layout}
    >
      <ReaderTopBar
        title={title}
        backTo={bookId === null ? null : `/book/${bookId}`}
        ready={ready}
        bookmarked={notes.pageBookmark !== undefined}
        extra={bookId !== null && ready && renderDownload?.({ bookId, title })}
        onOpen={(panel) => chrome.open({ kind: panel })}
        onBookmark={() => void notes.toggleBookmark()}
        onFocus={chrome.showForKeyboard}
      />
      <ReaderStage
        stageRef={chrome.stageRef}
        bookRef={reader.containerRef}
        title={title}
        chapter={chapters.currentTitle}
        place={place}
        ready={ready}
        failure={failure}
        bookId={bookId}
        onMarginTap={chrome.tappedAt}
      />
      {failure === null && (
        <ReaderBottomBar
          chapter={chapters.currentTitle}
          place={place}
          positions={publication?.positions}
          pace={position.pace}
          ready={ready}
          onGo={reader.go}
          onFocus={chrome.showForKeyboard}
        />
      )}
      <PlaceAnnouncement place={place} chapter={chapters.currentTitle} />
      <AnnotationDialogs
        notes={notes}
        dialog={chrome.dialog}
        theme={theme}
        onOpen={chrome.open}
        onClose={chrome.close}
      />
      <ReaderPanels
        dialog={chrome.dialog}
        publication={ready ? publication : null}
        theme={theme}
        chapters={chapters}
        notes={notes}
        settings={settings}
        onJump={reader.go}
        onClose={chrome.close}
      />
    </div>
  );
}
