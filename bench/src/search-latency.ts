import type { SearchQuery } from "@folio/contract/catalogue";
import { DEFAULT_PAGE_SIZE } from "@folio/contract/constants";
import type { Sql } from "../../reliability/src/harness/database";
import {
  bestFirstStatement,
  catalogueSizeSql,
  lookupSql,
  searchStatement,
  termsFrom,
  typedTerms,
  walkWorthwhile,
  wordsOf,
  type WordLookup,
} from "../../server/src/features/catalogue/search";
import { bestFirst } from "../../server/src/features/catalogue/service";
import { measureLatency, type Latency } from "./latency";
import { explain, runStatement, sqlBuilder, type Plan } from "./query-plans";
import { vocabulary } from "./synthetic-catalogue";
import { misspell, misspellable, pick } from "./typos";

const lower = (word: string) => word.toLowerCase();
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const titleWords = [...vocabulary.nouns, ...vocabulary.places].map(lower);
const adjectives = vocabulary.adjectives.map(lower);
const nouns = vocabulary.nouns.map(lower);
const misspellableTitleWords = titleWords.filter(misspellable);
const misspellableSurnames = vocabulary.lastNames.filter((name) => misspellable(lower(name)));

/** "golden lantern" with one of its words misspelt (a word long enough to misspell). */
function twoWordsOneMisspelt(): string {
  for (;;) {
    const words = [pick(adjectives), pick(nouns)];
    const which = words.filter(misspellable);
    if (which.length === 0) continue;
    const wrong = pick(which);
    return words.map((word) => (word === wrong ? misspell(word) : word)).join(" ");
  }
}

/**
 * What readers type: a word of a title, two, the start of a word, an author, a word with a
 * category; a quarter of them with a slip of the finger (design.md §7.5: typos are forgiven);
 * a few sorted by rating or only what can be borrowed now.
 */
const kinds: [string, number, (categories: string[]) => SearchQuery][] = [
  ["title word", 28, () => ({ title: pick(titleWords) })],
  ["title words", 10, () => ({ title: `${pick(adjectives)} ${pick(nouns)}` })],
  ["title prefix", 10, () => ({ title: pick(nouns).slice(0, 4) })],
  [
    "author",
    11,
    () => ({ author: `${pick(vocabulary.firstNames)} ${pick(vocabulary.lastNames)}` }),
  ],
  [
    "title and category",
    11,
    (categories) => ({ title: lower(pick(vocabulary.places)), category: pick(categories) }),
  ],
  ["title word, misspelt", 12, () => ({ title: misspell(pick(misspellableTitleWords)) })],
  ["title words, one misspelt", 6, () => ({ title: twoWordsOneMisspelt() })],
  [
    "author, surname misspelt",
    7,
    () => ({
      author: `${pick(vocabulary.firstNames)} ${capitalised(misspell(lower(pick(misspellableSurnames))))}`,
    }),
  ],
  ["title word, by rating", 3, () => ({ title: pick(titleWords), sort: "rating" })],
  ["title word, available only", 2, () => ({ title: pick(titleWords), available: true })],
];
const totalWeight = kinds.reduce((sum, [, weight]) => sum + weight, 0);

export function randomSearch(categories: string[]): { kind: string; query: SearchQuery } {
  let r = Math.random() * totalWeight;
  for (const [kind, weight, make] of kinds) {
    r -= weight;
    if (r < 0) return { kind, query: make(categories) };
  }
  return { kind: kinds[0]![0], query: kinds[0]![2](categories) };
}

/**
 * What many readers search for at once: `count` queries of the mix above, picked with a Zipf
 * (s = 1) law, the head-heavy shape of real search traffic, so popular searches repeat.
 */
export function searchTraffic(categories: string[], count = 200): () => SearchQuery {
  const queries = Array.from({ length: count }, () => randomSearch(categories).query);
  const weights = queries.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (let i = 0; i < queries.length; i += 1) {
      r -= weights[i]!;
      if (r < 0) return queries[i]!;
    }
    return queries[0]!;
  };
}

export function searchPath(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/books/search?${params.toString()}`;
}

/** Uncached searches of the mix above over HTTP, `concurrency` at a time. */
export function measureSearchLatency(
  base: string,
  categories: string[],
  seconds: number,
  concurrency: number,
): Promise<Latency> {
  const draw = () => {
    const { kind, query } = randomSearch(categories);
    return { kind, path: searchPath(query) };
  };
  return measureLatency(base, draw, seconds, concurrency);
}

/** A made-up word of four letters: what the probe of hardening round three sent forty of. */
const madeUpWord = () =>
  Array.from({ length: 4 }, () => pick([..."abcdefghijklmnopqrstuvwxyz"])).join("");

export const MANY_WORDS = 40;
export const ONE_WORD_KIND = "one made-up word";
export const MANY_WORDS_KIND = `${MANY_WORDS} made-up words`;

export interface ManyWords {
  latency: Latency;
  /** p50 of the searches of MANY_WORDS words over p50 of those of one */
  ratio: number;
}

/**
 * What a search of many words costs beside a search of one (hardening, round three: forty
 * made-up words, the 200 characters a field holds, took 100–330 ms on PGlite and 102 ms on
 * PostgreSQL, a search of one 9 ms). Uncached searches of one made-up word and of forty, drawn
 * in turn, `concurrency` at a time; the figure is the ratio of their medians.
 */
export async function measureManyWordsSearch(
  base: string,
  seconds: number,
  concurrency: number,
): Promise<ManyWords> {
  const draw = () => {
    const many = Math.random() < 0.5;
    const words = Array.from({ length: many ? MANY_WORDS : 1 }, madeUpWord).join(" ");
    return { kind: many ? MANY_WORDS_KIND : ONE_WORD_KIND, path: searchPath({ title: words }) };
  };
  const latency = await measureLatency(base, draw, seconds, concurrency);
  const one = latency.byKind[ONE_WORD_KIND]?.p50 ?? 0;
  const many = latency.byKind[MANY_WORDS_KIND]?.p50 ?? 0;
  return { latency, ratio: one > 0 ? many / one : Number.POSITIVE_INFINITY };
}

/** "title=golden lantern&sort=rating": a search as asked, readable in the report. */
const described = (query: SearchQuery) =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join("&");

/**
 * EXPLAIN ANALYZE of the very statements the search route sends for one query of each kind: the
 * lookup of its words in search_words; then, sorted by relevance, the read of its best matches in
 * order (bestFirstStatement, walking when the service would); when that cannot tell the page, the
 * search that ranks every match, and, when that finds nothing, the second try with every word let
 * go one slip further (as the catalogue service's find() does). The first page of 10, as the
 * route reads a search that names no page.
 */
export async function explainSearches(sql: Sql, categories: string[]): Promise<Plan[]> {
  const queries: SearchQuery[] = [
    { title: "river" },
    { title: "golden lantern" },
    { title: "lant" },
    { title: "the" },
    { author: "Charlotte Brontë" },
    { author: "bronte" },
    { title: "venice", category: categories[0] ?? "Poetry" },
    { title: "moby" },
    { title: "rivver" },
    { title: "goldn lantern" },
    { author: "Charlotte Brotne" },
    { title: "river", sort: "rating" },
    { title: "harbour", available: true },
  ];
  const window = { page: 1, pageSize: DEFAULT_PAGE_SIZE, offset: 0 };
  const needed = window.pageSize + 1;
  const [{ books = 0 } = {}] = await runStatement<{ books: number }>(sql, catalogueSizeSql);
  const plans: Plan[] = [];
  for (const query of queries) {
    const subject = described(query);
    const typed = typedTerms(query);
    const words = [...new Set([...wordsOf(typed.title), ...wordsOf(typed.author)])];
    const lookups = new Map<string, WordLookup>();
    if (words.length > 0) {
      plans.push(await explain(sql, subject, "lookup", lookupSql(words)));
      const rows = await runStatement<{ n: number } & WordLookup>(sql, lookupSql(words));
      for (const row of rows) lookups.set(words[Number(row.n)]!, row);
    }
    const terms = termsFrom(typed, lookups);
    if (books >= bestFirst.fromBooks) {
      const walk = walkWorthwhile(terms, query, lookups, needed, books);
      const inOrder = bestFirstStatement(terms, query, needed, walk);
      if (inOrder) {
        const name = walk === null ? "best in order" : `best in order, walking ${walk} rows`;
        plans.push(await explain(sql, subject, name, inOrder));
        if ((await runStatement(sql, inOrder)).length === needed) continue;
      }
    }
    const statement = searchStatement(sqlBuilder, terms, query, window);
    plans.push(await explain(sql, subject, "search", statement));
    if ((await runStatement(sql, statement)).length > 0) continue;
    const wider = termsFrom(typed, lookups, { everyWord: true });
    if (wider.title?.corrected || wider.author?.corrected) {
      const second = searchStatement(sqlBuilder, wider, query, window);
      plans.push(await explain(sql, subject, "search, every word a slip further", second));
    }
  }
  return plans;
}
