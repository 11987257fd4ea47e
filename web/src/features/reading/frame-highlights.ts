import type { Annotation, HighlightColor } from "@folio/contract/reading";
import { HIGHLIGHT_COLORS } from "@folio/contract/reading";
import { findQuote, rangeOf, textIndex, type Quote } from "./text-anchoring";

/**
 * Highlights drawn in a chapter's frame with the CSS Custom Highlight API: nothing is added to
 * the book's DOM, so the navigator's pagination and text matching see the chapter as it is.
 * Each highlight is anchored by its quote in that chapter's text.
 */

const HIGHLIGHT_BACKGROUNDS: Record<HighlightColor, string> = {
  yellow: "rgba(255, 213, 0, 0.42)",
  green: "rgba(72, 199, 116, 0.38)",
  blue: "rgba(77, 163, 255, 0.36)",
  pink: "rgba(255, 105, 180, 0.34)",
};

export const HIGHLIGHT_SWATCHES: Record<HighlightColor, string> = {
  yellow: "#f5cf1d",
  green: "#48c774",
  blue: "#4da3ff",
  pink: "#ff69b4",
};

const FLASH = "folio-flash";
const nameOf = (color: HighlightColor) => `folio-${color}`;

/** Injected into every chapter: the colours of the highlight names below. */
export const FRAME_STYLES = [
  ...HIGHLIGHT_COLORS.map(
    (color) => `::highlight(${nameOf(color)}){background-color:${HIGHLIGHT_BACKGROUNDS[color]}}`,
  ),
  `::highlight(${FLASH}){background-color:rgba(255, 140, 0, 0.55)}`,
].join("\n");

interface FrameWindow extends Window {
  Highlight?: typeof Highlight;
  CSS: typeof CSS;
}

/** The ranges drawn in each frame, to know which highlight a tap landed on. */
const drawn = new WeakMap<Window, { id: string; range: Range }[]>();
const flashTimers = new WeakMap<Window, number>();

function registry(frame: Window): { highlights: HighlightRegistry; Ctor: typeof Highlight } | null {
  const wnd = frame as FrameWindow;
  const highlights = wnd.CSS?.highlights;
  const Ctor = wnd.Highlight;
  return highlights && Ctor ? { highlights, Ctor } : null;
}

/** The range of a quote in a chapter's document, or null when the text is not there. */
export function anchorQuote(doc: Document, quote: Quote, near?: number): Range | null {
  if (!doc.body) return null;
  const index = textIndex(doc.body);
  const found = findQuote(index.text, quote, near);
  return found ? rangeOf(index, found.start, found.end) : null;
}

/** Draws the highlights of the chapter `href` in its frame, replacing what was drawn. */
export function paintHighlights(frame: Window, href: string, annotations: readonly Annotation[]) {
  let doc: Document;
  try {
    doc = frame.document;
  } catch {
    return;
  }
  const byColor = new Map<HighlightColor, Range[]>();
  const ranges: { id: string; range: Range }[] = [];
  for (const annotation of annotations) {
    if (annotation.kind !== "highlight" || annotation.locator.href !== href) continue;
    const range = anchorQuote(
      doc,
      annotation.locator.text ?? { highlight: annotation.text ?? "" },
      annotation.locator.locations?.progression,
    );
    if (!range) continue;
    const color = annotation.color ?? "yellow";
    byColor.set(color, [...(byColor.get(color) ?? []), range]);
    ranges.push({ id: String(annotation.id), range });
  }
  drawn.set(frame, ranges);
  const api = registry(frame);
  if (!api) return;
  for (const color of HIGHLIGHT_COLORS) {
    const list = byColor.get(color) ?? [];
    if (list.length === 0) api.highlights.delete(nameOf(color));
    else api.highlights.set(nameOf(color), new api.Ctor(...list));
  }
}

/** The highlight under a point of the frame (CSS pixels of its viewport), if any. */
export function highlightAt(frame: Window, x: number, y: number): string | null {
  for (const { id, range } of drawn.get(frame) ?? []) {
    for (const rect of Array.from(range.getClientRects())) {
      if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) return id;
    }
  }
  return null;
}

/** Marks a passage for a moment, so the eye finds a search hit or a highlight jumped to. */
export function flashQuote(frame: Window, quote: Quote, near?: number, ms = 2000): boolean {
  const api = registry(frame);
  let range: Range | null;
  try {
    range = anchorQuote(frame.document, quote, near);
  } catch {
    return false;
  }
  if (!range || !api) return range !== null;
  api.highlights.set(FLASH, new api.Ctor(range));
  window.clearTimeout(flashTimers.get(frame));
  flashTimers.set(
    frame,
    window.setTimeout(() => api.highlights.delete(FLASH), ms),
  );
  return true;
}
