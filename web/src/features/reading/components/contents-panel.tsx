import type { TocEntry } from "../readium-adapter";
import type { ShownTheme } from "../reader-theme";
import { ReaderPanel } from "./reader-panel";

interface ContentsPanelProps {
  toc: TocEntry[];
  currentId: string | null;
  theme: ShownTheme;
  onSelect: (entry: TocEntry) => void;
  onClose: () => void;
}

function Entries({
  entries,
  currentId,
  onSelect,
}: Pick<ContentsPanelProps, "currentId" | "onSelect"> & { entries: TocEntry[] }) {
  return (
    <ol className="reader-toc__list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            className="reader-toc__item"
            aria-current={entry.id === currentId ? "location" : undefined}
            onClick={() => onSelect(entry)}
          >
            {entry.title}
          </button>
          {entry.children.length > 0 && (
            <Entries entries={entry.children} currentId={currentId} onSelect={onSelect} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** The book's contents, nested as the book has them; the chapter being read is marked. */
export function ContentsPanel({ toc, currentId, theme, onSelect, onClose }: ContentsPanelProps) {
  return (
    <ReaderPanel
      title="Contents"
      theme={theme}
      onClose={onClose}
      // Start on the chapter being read, so the list opens where the reader is.
      initialFocus={currentId ? '[aria-current="location"]' : undefined}
    >
      <nav aria-label="Table of contents">
        {toc.length === 0 ? (
          <p className="reader-panel__empty">This book has no table of contents.</p>
        ) : (
          <Entries entries={toc} currentId={currentId} onSelect={onSelect} />
        )}
      </nav>
    </ReaderPanel>
  );
}
