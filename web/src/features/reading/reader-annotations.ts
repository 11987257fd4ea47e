import type { Annotation, ReadiumLocator } from "@folio/contract/reading";
import { positionInResource, resourceOf, type ReadingPlace } from "./reader-locator";
import type { LoadedPublication } from "./readium-adapter";
import { quoteOfRange, textIndex } from "./text-anchoring";

/** Text selected in a chapter, as a highlight would keep it. */
export interface TextSelection {
  frame: Window;
  /** where the selection is on the page, for the popup */
  rect: { top: number; bottom: number; left: number; width: number };
  locator: ReadiumLocator;
}

/** The selection in a chapter's frame as a locator with its quote, or null when there is none. */
export function selectionOf(
  frame: Window,
  publication: Pick<LoadedPublication, "hrefOfFrame" | "positions">,
  chapterTitle: (href: string) => string,
): TextSelection | null {
  const selection = frame.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const href = publication.hrefOfFrame(frame);
  if (!href || !frame.document.body) return null;
  const found = quoteOfRange(textIndex(frame.document.body), range);
  if (!found || found.quote.highlight === "") return null;
  const holder = positionInResource(publication.positions, href, found.progression);
  const box = range.getBoundingClientRect();
  const offset = frame.frameElement?.getBoundingClientRect();
  const title = chapterTitle(href);
  return {
    frame,
    rect: {
      top: box.top + (offset?.top ?? 0),
      bottom: box.bottom + (offset?.top ?? 0),
      left: box.left + (offset?.left ?? 0),
      width: box.width,
    },
    locator: {
      href,
      type: holder?.type ?? "application/xhtml+xml",
      ...(title ? { title } : {}),
      locations: {
        progression: found.progression,
        ...(holder?.locations?.position ? { position: holder.locations.position } : {}),
        ...(holder?.locations?.totalProgression !== undefined
          ? { totalProgression: holder.locations.totalProgression }
          : {}),
      },
      text: found.quote,
    },
  };
}

/**
 * Whether a bookmark marks the page on screen: same chapter, and its place within the part of
 * the chapter shown (or, when that is unknown, the same position).
 */
export function bookmarkOnPage(
  annotation: Annotation,
  place: ReadingPlace,
  visible: { href: string; start: number; end: number } | null,
): boolean {
  if (annotation.kind !== "bookmark") return false;
  if (resourceOf(annotation.locator.href) !== resourceOf(place.locator.href)) return false;
  const progression = annotation.locator.locations?.progression;
  if (
    visible &&
    resourceOf(visible.href) === resourceOf(place.locator.href) &&
    progression !== undefined
  ) {
    const end = visible.end >= 1 ? 1 + 1e-9 : visible.end;
    return progression >= visible.start - 1e-6 && progression < end;
  }
  return annotation.locator.locations?.position === place.position;
}

/** The first words of the page a bookmark marks, to recognise it in the list. */
export async function bookmarkText(
  publication: Pick<LoadedPublication, "chapterText">,
  locator: ReadiumLocator,
): Promise<string> {
  const text = (await publication.chapterText(resourceOf(locator.href))).replace(/\s+/g, " ");
  const from = Math.floor((locator.locations?.progression ?? 0) * text.length);
  // Start at a word, and keep about a line.
  const start = from === 0 ? 0 : text.indexOf(" ", from) + 1;
  const slice = text.slice(start, start + 90).trim();
  return slice.length < text.length - start ? `${slice.replace(/\s\S*$/, "")}…` : slice;
}
