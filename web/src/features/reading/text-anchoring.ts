/**
 * Finding a quote in a chapter's text and turning it into a DOM Range: how highlights are drawn
 * again after a chapter loads, and how a search hit is flashed. A quote is the Readium locator's
 * `text.{before, highlight, after}`, which survives a change of font size or screen where
 * offsets into the layout would not.
 */

export interface Quote {
  before?: string | undefined;
  highlight?: string | undefined;
  after?: string | undefined;
}

/** The characters of a chapter as one string, and where each text node starts in it. */
export interface TextIndex {
  text: string;
  nodes: { node: Text; start: number }[];
}

/** How much text is kept on each side of a quote. */
export const QUOTE_CONTEXT = 48;

const SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]);

export function textIndex(root: Node): TextIndex {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */, {
    acceptNode: (node) => {
      for (let parent = node.parentElement; parent; parent = parent.parentElement) {
        if (SKIPPED.has(parent.tagName.toUpperCase())) return 2; /* FILTER_REJECT */
      }
      return 1; /* FILTER_ACCEPT */
    },
  });
  const nodes: TextIndex["nodes"] = [];
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = (node as Text).data;
    if (value.length === 0) continue;
    nodes.push({ node: node as Text, start: text.length });
    text += value;
  }
  return { text, nodes };
}

/** Whitespace in a book's markup is not what a reader sees: compare texts with it collapsed. */
function collapse(text: string): { text: string; map: number[] } {
  let out = "";
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (/\s/.test(char)) {
      if (space) continue;
      space = true;
      out += " ";
    } else {
      space = false;
      out += char;
    }
    map.push(i);
  }
  map.push(text.length);
  return { text: out, map };
}

const squash = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ");

/**
 * Where the quote's highlight is in the text, as offsets into `text`. With context, the
 * occurrence whose surroundings match best wins; `near` (0–1 through the text) breaks ties.
 */
export function findQuote(
  text: string,
  quote: Quote,
  near?: number,
): { start: number; end: number } | null {
  const highlight = squash(quote.highlight).trim();
  if (highlight === "") return null;
  const collapsed = collapse(text);
  const haystack = collapsed.text;
  const lowerHay = haystack.toLowerCase();
  const needle = highlight.toLowerCase();
  const before = squash(quote.before).toLowerCase();
  const after = squash(quote.after).toLowerCase();
  let best: { at: number; score: number } | null = null;
  for (let at = lowerHay.indexOf(needle); at !== -1; at = lowerHay.indexOf(needle, at + 1)) {
    let score = 0;
    if (before) score += commonSuffix(lowerHay.slice(Math.max(0, at - before.length), at), before);
    if (after) score += commonPrefix(lowerHay.slice(at + needle.length), after);
    if (near !== undefined && haystack.length > 0) {
      // A small pull towards the expected place, worth less than one matching character.
      score -= Math.abs(at / haystack.length - near) * 0.5;
    }
    if (!best || score > best.score) best = { at, score };
  }
  if (!best) return null;
  const start = collapsed.map[best.at] ?? 0;
  const endIndex = best.at + needle.length;
  // The end is just past the quote's last character in the original text.
  const end = (collapsed.map[endIndex - 1] ?? start) + 1;
  return { start, end };
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/** The node and offset of a character position in the index. */
function pointAt(index: TextIndex, offset: number, preferEnd: boolean): [Text, number] | null {
  const { nodes } = index;
  for (let i = 0; i < nodes.length; i += 1) {
    const entry = nodes[i];
    if (!entry) continue;
    const end = entry.start + entry.node.data.length;
    if (offset < end || (preferEnd && offset === end) || i === nodes.length - 1) {
      return [entry.node, Math.min(entry.node.data.length, Math.max(0, offset - entry.start))];
    }
  }
  return null;
}

export function rangeOf(index: TextIndex, start: number, end: number): Range | null {
  const from = pointAt(index, start, false);
  const to = pointAt(index, end, true);
  if (!from || !to) return null;
  const range = from[0].ownerDocument.createRange();
  range.setStart(from[0], from[1]);
  range.setEnd(to[0], to[1]);
  return range;
}

/** The offset of a range boundary in the index, or null when it is outside the indexed text. */
function offsetOf(index: TextIndex, node: Node, offset: number): number | null {
  if (node.nodeType === 3) {
    const entry = index.nodes.find((n) => n.node === node);
    return entry ? entry.start + offset : null;
  }
  // An element boundary: the text before its offset-th child.
  const child = node.childNodes[offset];
  if (!child) {
    const last = [...index.nodes].reverse().find((n) => node.contains(n.node));
    return last ? last.start + last.node.data.length : null;
  }
  const first = index.nodes.find(
    (n) => child === n.node || (child.compareDocumentPosition(n.node) & 20) !== 0,
  );
  return first ? first.start : null;
}

/** The quote a selection stands for, and where it starts (0–1 through the chapter's text). */
export function quoteOfRange(
  index: TextIndex,
  range: Range,
): { quote: Required<Quote>; progression: number } | null {
  const start = offsetOf(index, range.startContainer, range.startOffset);
  const end = offsetOf(index, range.endContainer, range.endOffset);
  if (start === null || end === null || end <= start) return null;
  const { text } = index;
  return {
    quote: {
      before: squash(text.slice(Math.max(0, start - QUOTE_CONTEXT), start)),
      highlight: squash(text.slice(start, end)).trim(),
      after: squash(text.slice(end, end + QUOTE_CONTEXT)),
    },
    progression: text.length === 0 ? 0 : start / text.length,
  };
}
