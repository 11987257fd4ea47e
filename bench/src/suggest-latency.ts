import { SUGGEST_MIN_CHARACTERS } from "@folio/contract/constants";
import type { Sql } from "../../reliability/src/harness/database";
import { wordsOf, type WordLookup } from "../../server/src/features/catalogue/search";
import { normalizeForSearch } from "../../server/src/features/catalogue/search-text";
import { firstReads, nearReads, nearWord } from "../../server/src/features/catalogue/suggest";
import { measureLatency, type Latency } from "./latency";
import { explain, runStatement, type Plan } from "./query-plans";
import { vocabulary } from "./synthetic-catalogue";
import { misspeltPrefix, misspellable, pick } from "./typos";

const lower = (word: string) => word.toLowerCase();
const titleWords = [...vocabulary.adjectives, ...vocabulary.nouns, ...vocabulary.places].map(lower);
const misspellableTitleWords = titleWords.filter(misspellable);

/** The first 2 to 6 letters of `word`, as far as a reader has typed it. */
const start = (word: string) => [...word].slice(0, 2 + Math.floor(Math.random() * 5)).join("");

/**
 * What a reader has typed into the search box when the suggestions are asked for: the start of
 * a title word, an adjective and the start of the next word, the start of an author's surname
 * or of their name, and a quarter of the time the start of a word with one letter wrong.
 */
const kinds: [string, number, () => string][] = [
  ["start of a title word", 35, () => start(pick(titleWords))],
  [
    "adjective, start of a noun",
    20,
    () => `${lower(pick(vocabulary.adjectives))} ${start(lower(pick(vocabulary.nouns)))}`,
  ],
  ["start of a surname", 10, () => start(lower(pick(vocabulary.lastNames)))],
  [
    "first name, start of a surname",
    10,
    () => `${lower(pick(vocabulary.firstNames))} ${start(lower(pick(vocabulary.lastNames)))}`,
  ],
  ["start of a word, misspelt", 25, () => misspeltPrefix(pick(misspellableTitleWords))],
];
const totalWeight = kinds.reduce((sum, [, weight]) => sum + weight, 0);

export function randomTyping(): { kind: string; q: string } {
  let r = Math.random() * totalWeight;
  for (const [kind, weight, make] of kinds) {
    r -= weight;
    if (r < 0) return { kind, q: make() };
  }
  return { kind: kinds[0]![0], q: kinds[0]![2]() };
}

export const suggestPath = (q: string) =>
  `/api/books/suggest?${new URLSearchParams({ q }).toString()}`;

/** Uncached suggestions for the typing above over HTTP, `concurrency` at a time. */
export function measureSuggestLatency(
  base: string,
  seconds: number,
  concurrency: number,
): Promise<Latency> {
  const draw = () => {
    const { kind, q } = randomTyping();
    return { kind, path: suggestPath(q) };
  };
  return measureLatency(base, draw, seconds, concurrency);
}

/**
 * EXPLAIN ANALYZE of the statements one suggestion runs (suggestBooks): the first reads, in one
 * statement (the last word looked up in search_words; titles, authors and categories for what
 * was typed), then, for a last word that begins no word of the catalogue, the reads of its
 * closest word, as if the first had left room for all of them.
 */
export async function explainSuggestions(sql: Sql): Promise<Plan[]> {
  const typings = ["ri", "gold", "lantrn", "golden lan", "bron", "charlotte bron"];
  const plans: Plan[] = [];
  for (const q of typings) {
    const subject = `q=${q}`;
    const typed = normalizeForSearch(q);
    if (typed.length < SUGGEST_MIN_CHARACTERS) continue;
    const last = wordsOf(typed).at(-1);
    plans.push(await explain(sql, subject, "first", firstReads(typed, last)));
    const [first] = await runStatement<{ lookup: WordLookup | null }>(sql, firstReads(typed, last));
    const near = nearWord(typed, first?.lookup ?? undefined);
    if (near !== null)
      plans.push(await explain(sql, subject, "near", nearReads(typed, near, 0, 0)));
  }
  return plans;
}
