import type { FocusEvent, ReactNode } from "react";
import { Link } from "react-router";
import {
  BackIcon,
  ContentsIcon,
  FindIcon,
  NotesIcon,
  PageBookmarkIcon,
  TextSettingsIcon,
} from "./reader-icons";

export type ReaderPanelName = "contents" | "search" | "notes" | "settings";

interface ReaderTopBarProps {
  title: string;
  backTo: string | null;
  ready: boolean;
  bookmarked: boolean;
  /** Where the offline download control goes, when the app gives one. */
  extra?: ReactNode;
  onOpen: (panel: ReaderPanelName) => void;
  onBookmark: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

const PANEL_BUTTONS: { panel: ReaderPanelName; label: string; icon: ReactNode }[] = [
  { panel: "contents", label: "Contents", icon: <ContentsIcon /> },
  { panel: "search", label: "Search in book", icon: <FindIcon /> },
  { panel: "notes", label: "Bookmarks and highlights", icon: <NotesIcon /> },
];

/** Back, the title, and the reader's tools; it slides away while reading. */
export function ReaderTopBar({
  title,
  backTo,
  ready,
  bookmarked,
  extra,
  onOpen,
  onBookmark,
  onFocus,
}: ReaderTopBarProps) {
  return (
    <header className="reader-bar reader-bar--top" onFocus={onFocus}>
      {backTo && (
        <Link className="reader-icon-button" to={backTo} aria-label="Back to the book">
          <BackIcon />
        </Link>
      )}
      <h1 className="reader-bar__title">{title}</h1>
      <div className="reader-bar__actions">
        {extra}
        {PANEL_BUTTONS.map(({ panel, label, icon }) => (
          <button
            key={panel}
            type="button"
            className="reader-icon-button"
            aria-label={label}
            title={label}
            aria-haspopup="dialog"
            disabled={!ready}
            onClick={() => onOpen(panel)}
          >
            {icon}
          </button>
        ))}
        <button
          type="button"
          className="reader-icon-button"
          aria-label="Bookmark this page"
          title={bookmarked ? "Remove the bookmark" : "Bookmark this page"}
          aria-pressed={bookmarked}
          disabled={!ready}
          onClick={onBookmark}
        >
          <PageBookmarkIcon filled={bookmarked} />
        </button>
        <button
          type="button"
          className="reader-icon-button"
          aria-label="Reading settings"
          title="Reading settings"
          aria-haspopup="dialog"
          onClick={() => onOpen("settings")}
        >
          <TextSettingsIcon />
        </button>
      </div>
    </header>
  );
}
