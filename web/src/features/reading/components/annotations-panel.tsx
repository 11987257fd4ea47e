import type { Annotation } from "@folio/contract/reading";
import { HIGHLIGHT_SWATCHES } from "../frame-highlights";
import { isPendingAnnotation } from "../hooks/use-annotations";
import { readingMessages } from "../messages";
import type { ShownTheme } from "../reader-theme";
import { ReaderPanel } from "./reader-panel";

interface AnnotationsPanelProps {
  annotations: Annotation[];
  theme: ShownTheme;
  chapterTitle: (href: string) => string;
  onSelect: (annotation: Annotation) => void;
  onDelete: (annotation: Annotation) => void;
  onClose: () => void;
}

/** Where in the book: the percentage, as pages are screens that differ from device to device. */
function describe(annotation: Annotation, chapter: string): string {
  const through = annotation.locator.locations?.totalProgression;
  return [
    annotation.kind === "bookmark" ? "Bookmark" : "Highlight",
    chapter,
    through !== undefined && `${Math.round(through * 100)}%`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Bookmarks and highlights (with their notes) in book order; each jumps to its place. */
export function AnnotationsPanel({
  annotations,
  theme,
  chapterTitle,
  onSelect,
  onDelete,
  onClose,
}: AnnotationsPanelProps) {
  return (
    <ReaderPanel title="Bookmarks and highlights" theme={theme} onClose={onClose}>
      {annotations.length === 0 ? (
        <p className="reader-panel__empty">{readingMessages.noAnnotations}</p>
      ) : (
        <ol className="reader-notes">
          {annotations.map((annotation) => {
            const chapter = chapterTitle(annotation.locator.href);
            const text = annotation.text ?? annotation.locator.text?.highlight ?? "";
            return (
              <li key={annotation.id} className="reader-notes__item">
                <button
                  type="button"
                  className="reader-notes__jump"
                  onClick={() => onSelect(annotation)}
                >
                  <span className="reader-notes__meta">
                    {annotation.kind === "highlight" && (
                      <span
                        className="reader-notes__swatch"
                        aria-hidden="true"
                        style={{ background: HIGHLIGHT_SWATCHES[annotation.color ?? "yellow"] }}
                      />
                    )}
                    {describe(annotation, chapter)}
                  </span>
                  {text && (
                    <span
                      className={
                        annotation.kind === "highlight"
                          ? "reader-notes__quote"
                          : "reader-notes__excerpt"
                      }
                    >
                      {text}
                    </span>
                  )}
                  {annotation.note && <span className="reader-notes__note">{annotation.note}</span>}
                </button>
                <button
                  type="button"
                  className="reader-notes__delete"
                  disabled={isPendingAnnotation(annotation)}
                  aria-label={`Delete ${annotation.kind}${text ? `: ${text.slice(0, 40)}` : ""}`}
                  onClick={() => onDelete(annotation)}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </ReaderPanel>
  );
}
