/**
 * Search in the book: the text of each chapter in reading order, matched without regard to
 * case or accents, each hit with a little text on each side. The chapters come through the
 * publication (so an offline copy searches the same way), one at a time, yielding to the page
 * between them so typing and page turns stay smooth.
 */

export interface SearchHit {
  /** the chapter's href in the reading order */
  href: string;
  /** 0–1 through the chapter's text */
  progression: number;
  /** what is shown: the match and a few words on each side */
  before: string;
  match: string;
  after: string;
  /** the text around the match as the locator carries it, to find the place in the chapter */
  quote: { before: string; highlight: string; after: string };
}

export interface ChapterText {
  href: string;
  text: string;
}

/** Enough to find a passage; a common word stops here rather than listing the whole book. */
export const SEARCH_HIT_LIMIT = 200;
export const SEARCH_MIN_LENGTH = 2;
const CONTEXT = 40;

/** Folded for matching: lower case, accents dropped, one character in for one out. */
export function foldForSearch(text: string): string {
  let out = "";
  for (const char of text) {
    const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    // Keep the length: a letter whose folding is not one character stays as it was.
    const folded = base.length === 1 ? base.toLowerCase() : char.toLowerCase();
    out += folded.length === char.length ? folded : char;
  }
  return out;
}

const tidy = (text: string) => text.replace(/\s+/g, " ");

/** The hits of `query` in one chapter's text, at most `limit`. */
export function findInText(
  chapter: ChapterText,
  query: string,
  limit = SEARCH_HIT_LIMIT,
): SearchHit[] {
  const needle = foldForSearch(tidy(query).trim());
  if (needle.length < SEARCH_MIN_LENGTH || limit <= 0) return [];
  const text = tidy(chapter.text);
  const haystack = foldForSearch(text);
  const hits: SearchHit[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && hits.length < limit;) {
    const end = at + needle.length;
    const rawBefore = text.slice(Math.max(0, at - CONTEXT), at);
    const rawAfter = text.slice(end, end + CONTEXT);
    hits.push({
      href: chapter.href,
      progression: text.length === 0 ? 0 : at / text.length,
      // Cut at a word so the context does not start or end mid-word.
      before: at - CONTEXT > 0 ? rawBefore.replace(/^\S*\s/, "") : rawBefore.trimStart(),
      match: text.slice(at, end),
      after: end + CONTEXT < text.length ? rawAfter.replace(/\s\S*$/, "") : rawAfter.trimEnd(),
      quote: { before: rawBefore, highlight: text.slice(at, end), after: rawAfter },
    });
    at = haystack.indexOf(needle, end);
  }
  return hits;
}

/** Lets the page draw and answer input before the next chapter is searched. */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Searches the chapters one by one, reporting the hits so far after each. Stops at the
 * limit, or when `signal` aborts (a new query).
 */
export async function searchChapters(
  hrefs: readonly string[],
  readText: (href: string) => Promise<string>,
  query: string,
  onHits: (hits: SearchHit[], done: boolean) => void,
  signal?: AbortSignal,
): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  for (const href of hrefs) {
    if (signal?.aborted) return hits;
    let text: string;
    try {
      text = await readText(href);
    } catch {
      // A chapter that cannot be read is left out rather than ending the search.
      continue;
    }
    if (signal?.aborted) return hits;
    hits.push(...findInText({ href, text }, query, SEARCH_HIT_LIMIT - hits.length));
    const done = hits.length >= SEARCH_HIT_LIMIT;
    onHits([...hits], done);
    if (done) return hits;
    await yieldToPage();
  }
  if (!signal?.aborted) onHits([...hits], true);
  return hits;
}
