import type { WireId } from "@folio/contract/common";
import type { HighlightColor } from "@folio/contract/reading";
import { useCallback, useState } from "react";
import { highlightAt } from "../frame-highlights";
import {
  bookmarkOnPage,
  bookmarkText,
  selectionOf,
  type TextSelection,
} from "../reader-annotations";
import type { ReadingPlace } from "../reader-locator";
import type { LoadedPublication, PublicationView } from "../readium-adapter";
import { isPendingAnnotation, useAnnotations } from "./use-annotations";
import type { Chapters } from "./use-chapters";
import { useFrameHighlights } from "./use-frame-highlights";

interface Options {
  bookId: WireId | null;
  publication: LoadedPublication | null;
  view: Pick<PublicationView, "visibleRange"> | null;
  place: ReadingPlace | null;
  chapters: Pick<Chapters, "readingOrder" | "titleOf">;
  /** A tap landed on a highlight: open it, to change its colour or note. */
  onOpenHighlight: (id: string) => void;
}

/**
 * Bookmarks and highlights in the book on screen: the text the reader selects (and its popup),
 * a highlight made of it, the bookmark of the page shown, and the highlights drawn in each
 * chapter's frame. The list itself, and saving it, is use-annotations.ts.
 */
export function useReaderAnnotations({
  bookId,
  publication,
  view,
  place,
  chapters: { readingOrder, titleOf: chapterTitle },
  onOpenHighlight,
}: Options) {
  const { annotations, add, change, remove } = useAnnotations(bookId, readingOrder);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const frameLoaded = useFrameHighlights(publication, annotations);

  const range = view?.visibleRange() ?? null;
  const pageBookmark =
    place === null ? undefined : annotations.find((a) => bookmarkOnPage(a, place, range));

  async function toggleBookmark() {
    if (bookId === null || !place || !publication) return;
    if (pageBookmark) {
      if (!isPendingAnnotation(pageBookmark)) remove(pageBookmark.id);
      return;
    }
    const text = await bookmarkText(publication, place.locator).catch(() => "");
    add({
      bookId,
      kind: "bookmark",
      locator: { ...place.locator, title: chapterTitle(place.locator.href) || undefined },
      ...(text ? { text } : {}),
    });
  }

  /** Highlights the selection (or the one a note was started on), and lets go of it. */
  function highlight(color: HighlightColor, note?: string, from = selection) {
    if (bookId === null || !from) return;
    add({
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

  function selected(frame: Window) {
    if (!publication) return;
    setSelection(selectionOf(frame, publication, chapterTitle));
  }

  /**
   * A tap on the text: it lets go of a selection, or opens the highlight under it. False when it
   * was neither, and the tap is the chrome's (turn a page, show the bars).
   */
  function tapped(frame: Window, x: number, y: number): boolean {
    if (selection || frame.getSelection()?.isCollapsed === false) {
      setSelection(null);
      return true;
    }
    const hit = highlightAt(frame, x, y);
    if (hit) onOpenHighlight(hit);
    return hit !== null;
  }

  const clearSelection = useCallback(() => setSelection(null), []);

  /** Escape lets go of a selection first: true when there was one. */
  function dismissSelection(): boolean {
    if (!selection) return false;
    setSelection(null);
    return true;
  }

  return {
    annotations,
    selection,
    pageBookmark,
    toggleBookmark,
    highlight,
    change,
    remove,
    frameLoaded,
    selected,
    tapped,
    clearSelection,
    dismissSelection,
  };
}

export type ReaderAnnotations = ReturnType<typeof useReaderAnnotations>;
