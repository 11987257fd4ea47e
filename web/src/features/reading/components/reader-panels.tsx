import type { ReaderPreferences, ReadiumLocator } from "@folio/contract/reading";
import { useBookSearch } from "../hooks/use-book-search";
import type { Chapters } from "../hooks/use-chapters";
import type { ReaderAnnotations } from "../hooks/use-reader-annotations";
import type { ReaderDialog } from "../hooks/use-reader-chrome";
import type { ShownTheme } from "../reader-theme";
import type { LoadedPublication } from "../readium-adapter";
import type { Quote } from "../text-anchoring";
import { AnnotationsPanel } from "./annotations-panel";
import { ContentsPanel } from "./contents-panel";
import { SearchPanel } from "./search-panel";
import { SettingsPanel } from "./settings-panel";

interface ReaderPanelsProps {
  dialog: ReaderDialog | null;
  /** The book, once it is drawn: the contents, search and notes panels open only then. */
  publication: LoadedPublication | null;
  theme: ShownTheme;
  chapters: Pick<Chapters, "readingOrder" | "titleOf" | "current">;
  notes: Pick<ReaderAnnotations, "annotations" | "remove">;
  settings: {
    preferences: ReaderPreferences;
    change: (patch: Partial<ReaderPreferences>) => void;
  };
  /** Goes to a place picked in a panel; a quote given is flashed there. */
  onJump: (locator: ReadiumLocator, quote?: Quote) => void;
  onClose: () => void;
}

/**
 * The panel the top bar opened over the book: contents, search, bookmarks and highlights, or
 * settings. The search is kept here, so it is still there when its panel opens again.
 */
export function ReaderPanels({
  dialog,
  publication: book,
  theme,
  chapters,
  notes,
  settings,
  onJump,
  onClose,
}: ReaderPanelsProps) {
  const search = useBookSearch(chapters.readingOrder, book?.chapterText ?? null);
  return (
    <>
      {book && dialog?.kind === "contents" && (
        <ContentsPanel
          toc={book.toc}
          currentId={chapters.current?.id ?? null}
          theme={theme}
          onSelect={(entry) => {
            const locator = book.locatorOf(entry.href);
            if (locator) onJump(locator);
          }}
          onClose={onClose}
        />
      )}
      {book && dialog?.kind === "search" && (
        <SearchPanel
          state={search}
          theme={theme}
          chapterTitle={chapters.titleOf}
          onSearch={search.search}
          onSelect={(hit) => {
            const base = book.locatorOf(hit.href);
            const locations = { progression: hit.progression };
            if (base) onJump({ ...base, locations, text: hit.quote }, hit.quote);
          }}
          onClose={onClose}
        />
      )}
      {book && dialog?.kind === "notes" && (
        <AnnotationsPanel
          annotations={notes.annotations}
          theme={theme}
          chapterTitle={chapters.titleOf}
          onSelect={({ kind, locator }) =>
            onJump(locator, kind === "highlight" ? locator.text : undefined)
          }
          onDelete={(annotation) => notes.remove(annotation.id)}
          onClose={onClose}
        />
      )}
      {dialog?.kind === "settings" && (
        <SettingsPanel
          preferences={settings.preferences}
          theme={theme}
          onChange={settings.change}
          onClose={onClose}
        />
      )}
    </>
  );
}
