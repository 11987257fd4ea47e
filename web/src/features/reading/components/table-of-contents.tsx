import type { KeyboardEvent } from "react";
import type { TocEntry } from "../epub-adapter";

interface TableOfContentsProps {
  id: string;
  entries: TocEntry[];
  onSelect: (entry: TocEntry) => void;
  onClose: () => void;
}

/** The book's chapters; choosing one jumps there. Escape closes the panel. */
export function TableOfContents({ id, entries, onSelect, onClose }: TableOfContentsProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }
  return (
    <nav id={id} className="reader-toc" aria-label="Table of contents" onKeyDown={handleKeyDown}>
      {entries.length === 0 ? (
        <p className="reader-toc__empty">This book has no table of contents.</p>
      ) : (
        <ol className="reader-toc__list">
          {entries.map((entry) => (
            <li
              key={`${entry.id}-${entry.href}`}
              style={{ paddingInlineStart: `${entry.depth}rem` }}
            >
              <button type="button" className="reader-toc__item" onClick={() => onSelect(entry)}>
                {entry.label || "Untitled section"}
              </button>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
