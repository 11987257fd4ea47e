import { resourceOf } from "./reader-locator";
import type { TocEntry } from "./readium-adapter";

/** The contents entries as one list in book order. */
export function flattenToc(entries: readonly TocEntry[]): TocEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenToc(entry.children)]);
}

/**
 * The contents entry of the chapter being read: the first entry pointing into the chapter on
 * screen, else the last entry before it in reading order (a chapter the contents leave out).
 */
export function currentTocEntry(
  toc: readonly TocEntry[],
  readingOrder: readonly string[],
  href: string,
): TocEntry | null {
  const flat = flattenToc(toc);
  const resource = resourceOf(href);
  const inChapter = flat.find((entry) => resourceOf(entry.href) === resource);
  if (inChapter) return inChapter;
  const at = readingOrder.indexOf(resource);
  let best: TocEntry | null = null;
  let bestIndex = -1;
  for (const entry of flat) {
    const index = readingOrder.indexOf(resourceOf(entry.href));
    if (index !== -1 && index <= at && index > bestIndex) {
      best = entry;
      bestIndex = index;
    }
  }
  return best;
}
