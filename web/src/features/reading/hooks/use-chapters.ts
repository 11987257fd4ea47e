import { useCallback, useMemo } from "react";
import { resourceOf } from "../reader-locator";
import { currentTocEntry } from "../reader-toc";
import type { LoadedPublication } from "../readium-adapter";

/**
 * The book's chapters: the reading order, the title a place or an annotation is shown under
 * (its contents entry, else the chapter's own title, else the book's), and the contents entry
 * of the chapter at `href`, the one being read.
 */
export function useChapters(publication: LoadedPublication | null, href: string | null) {
  const readingOrder = useMemo(
    () => publication?.readingOrder.map((item) => item.href) ?? [],
    [publication],
  );

  const titleOf = useCallback(
    (at: string) => {
      if (!publication) return "";
      const entry = currentTocEntry(publication.toc, readingOrder, at);
      const item = publication.readingOrder.find((r) => r.href === resourceOf(at));
      return entry?.title ?? item?.title ?? publication.title;
    },
    [publication, readingOrder],
  );

  const current = useMemo(
    () => (publication && href ? currentTocEntry(publication.toc, readingOrder, href) : null),
    [publication, readingOrder, href],
  );

  return {
    readingOrder,
    titleOf,
    current,
    currentTitle: current?.title ?? (href ? titleOf(href) : ""),
  };
}

export type Chapters = ReturnType<typeof useChapters>;
