import type { BookFilters, BookSort, SearchQuery } from "@folio/contract/catalogue";
import { SEARCH_PARAMETER_REQUIRED } from "@folio/contract/constants";
import { and, asc, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, categories, searchWords } from "../../db/schema";
import { errors } from "../../errors";
import { escapeLike, normalizeForSearch } from "./search-text";

/*
 * Search that forgives typos (design.md §7.5), on the database we have: every word of the
 * catalogue's titles and authors is kept in search_words (a trigger on books), and a word of a
 * search that is in no title or author is corrected to the closest word there (pg_trgm's
 * similarity, over a few thousand words rather than a million books). The books are then found
 * with the trigram indexes as before, by the phrase as typed, the phrase corrected, or all of its
 * words in any order, and ranked: exact, then prefix, then at a word's start, then anywhere, then
 * all words apart.
 */

/** The words of a search's text, split as search_words_of() splits titles (migration 0012). */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A word shorter than this is never corrected: too few letters to tell a typo from a word. */
const CORRECTABLE_LENGTH = 4;
/** Catalogue words read per searched word, nearest by trigrams, to choose the correction from. */
const CANDIDATES = 10;
/** Trigram distance (1 − similarity) beyond which a word is no candidate at all. */
const CANDIDATE_DISTANCE = 0.9;

/** What search_words says of one word of a search. */
export interface WordLookup {
  /** some title or author holds the word */
  known: boolean;
  /** some title or author holds a word that starts with it (the word may be half typed) */
  begins: boolean;
  /** other words of the catalogue that look like it, nearest by trigrams first */
  alike: string[];
}

/**
 * One statement that looks up every word: for each, whether the catalogue has it, whether it
 * begins a word there, and, for a word it does not have (or every word, `alikeForKnown`), the
 * words most like it, read nearest first off the GiST index. Each word is its own constant so
 * every lookup is an index probe.
 */
export function lookupSql(words: readonly string[], { alikeForKnown = false } = {}): SQL {
  const parts = words.map((word, n) => {
    const known = sql`exists (select 1 from ${searchWords} where ${searchWords.word} = ${word})`;
    const alike =
      word.length >= CORRECTABLE_LENGTH && !/^\p{N}+$/u.test(word)
        ? sql`array(select c.word from (
            select ${searchWords.word} as word, ${searchWords.word} <-> ${word} as distance
            from ${searchWords} order by ${searchWords.word} <-> ${word}
            limit ${CANDIDATES}) c
          where c.distance < ${CANDIDATE_DISTANCE} and c.word <> ${word})`
        : null;
    const wanted =
      alike === null
        ? sql`array[]::text[]`
        : alikeForKnown
          ? alike
          : sql`case when ${known} then array[]::text[] else ${alike} end`;
    return sql`select ${n}::int as n, ${known} as known,
      exists (select 1 from ${searchWords} where ${searchWords.word} like ${`${escapeLike(word)}%`}) as begins,
      ${wanted} as alike`;
  });
  return sql.join(parts, sql` union all `);
}

interface LookupRow {
  n: number;
  known: boolean;
  begins: boolean;
  alike: string[];
}

export async function lookUpWords(
  db: Executor,
  words: readonly string[],
  options: { alikeForKnown?: boolean } = {},
): Promise<Map<string, WordLookup>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const result = await db.execute(lookupSql(unique, options));
  const found = new Map<string, WordLookup>();
  for (const row of (result as { rows: LookupRow[] }).rows) {
    found.set(unique[Number(row.n)]!, { known: row.known, begins: row.begins, alike: row.alike });
  }
  return found;
}

/**
 * Letters to change, add, drop, or swap with their neighbour to turn one word into the other
 * (optimal string alignment): a swap ("wolrds", "swfit") is one slip, as a reader makes it.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Slips forgiven in a word of this length: one in a short word, up to three in a long one. */
export const slipsAllowed = (word: string) => (word.length >= 9 ? 3 : word.length >= 6 ? 2 : 1);

const sharedStart = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n += 1;
  return n;
};

/**
 * The word of `alike` fewest slips from `word`, within `slips`. Among as few slips, the one that
 * starts as `word` does for longer (a reader rarely gets the first letters wrong: "woman" is
 * "women" before "roman"), then the nearer by trigrams.
 */
export function closestWord(word: string, alike: readonly string[], slips: number): string | null {
  let best: string | null = null;
  let fewest = slips + 1;
  let longestStart = -1;
  for (const other of alike) {
    const distance = editDistance(word, other);
    const start = sharedStart(word, other);
    if (distance > slips) continue;
    if (distance < fewest || (distance === fewest && start > longestStart)) {
      best = other;
      fewest = distance;
      longestStart = start;
    }
  }
  return best;
}

/** A field of a search as typed (normalised) and as corrected; `corrected` names what changed. */
export interface Term {
  typed: string;
  fixed: string;
  words: string[];
  corrected: boolean;
}

/**
 * Corrects the words of `typed` that no title or author holds. The last word is left alone when
 * it begins a word of the catalogue: the reader may not have finished typing it ("lant").
 * `everyWord` is the second try of a search that found nothing: then a word the catalogue does
 * hold is changed too, for another one slip away ("little woman" → "little women").
 */
export function correctTerm(
  typed: string,
  lookups: ReadonlyMap<string, WordLookup>,
  { everyWord = false } = {},
): Term {
  const words = wordsOf(typed);
  const last = words.at(-1);
  let corrected = false;
  const fixedWords = words.map((word) => {
    const lookup = lookups.get(word);
    if (!lookup) return word;
    let near: string | null = null;
    if (everyWord) near = closestWord(word, lookup.alike, 1);
    else if (!lookup.known && !(word === last && lookup.begins)) {
      near = closestWord(word, lookup.alike, slipsAllowed(word));
    }
    if (near === null) return word;
    corrected = true;
    return near;
  });
  if (!corrected) return { typed, fixed: typed, words, corrected };
  // Word for word in place, so what lies between words ("moby-dick") stays as typed.
  let index = 0;
  const fixed = typed.replace(/[\p{L}\p{N}]+/gu, () => fixedWords[index++]!);
  return { typed, fixed, words: fixedWords, corrected };
}

export interface SearchTerms {
  title: Term | null;
  author: Term | null;
  /** the category asked for, as typed or, when no category name holds it, the closest one */
  category: string | null;
}

/** The normalised fields of a search; 400 when none is given. */
export function typedTerms(query: SearchQuery) {
  const typed = {
    title: normalizeForSearch(query.title ?? ""),
    author: normalizeForSearch(query.author ?? ""),
    category: normalizeForSearch(query.category ?? ""),
  };
  if (!typed.title && !typed.author && !typed.category) {
    throw errors.validation(SEARCH_PARAMETER_REQUIRED);
  }
  return typed;
}

/** A category asked for by name: the names that hold it, or the closest name when none does. */
function categoryCondition(category: string): SQL {
  const contains = `%${escapeLike(category)}%`;
  return sql`${books.categoryId} in (
    select ${categories.id} from ${categories} where ${categories.searchName} like ${contains}
    union all
    (select ${categories.id} from ${categories}
      where ${categories.searchName} % ${category}
        and not exists (select 1 from ${categories} where ${categories.searchName} like ${contains})
      order by ${categories.searchName} <-> ${category} limit 1))`;
}

/** books.searchTitle or books.searchAuthor */
type SearchColumn = typeof books.searchTitle | typeof books.searchAuthor;

function containsAny(column: SearchColumn, texts: string[]): SQL {
  return sql.join(
    texts.map((text) => sql`${column} like ${`%${escapeLike(text)}%`}`),
    sql` or `,
  );
}

/**
 * Books whose field holds every word of the search as typed, or as corrected, in any order.
 * That takes in every book that holds the phrase, so the phrase is only ranked, not matched:
 * asked of the trigram index, a phrase's words' edges ("e b", " br") are trigrams that half the
 * catalogue shares. A search with no word ("%") matches its text as it is.
 */
function termCondition(column: SearchColumn, term: Term): SQL {
  if (term.words.length === 0) return sql`(${containsAny(column, [term.typed])})`;
  const everyWord = (words: string[]) =>
    sql.join(
      [...new Set(words)].map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`),
      sql` and `,
    );
  const typedWords = wordsOf(term.typed);
  if (!term.corrected) return sql`(${everyWord(typedWords)})`;
  return sql`((${everyWord(typedWords)}) or (${everyWord(term.words)}))`;
}

/** 0 exact, 1 prefix, 2 at a word's start, 3 anywhere, 4 all words apart. */
function rankOf(column: SearchColumn, term: Term): SQL {
  const phrases = term.corrected ? [term.typed, term.fixed] : [term.typed];
  const any = (pattern: (phrase: string) => string) =>
    sql.join(
      phrases.map((phrase) => sql`${column} like ${pattern(escapeLike(phrase))}`),
      sql` or `,
    );
  const exact = sql.join(
    phrases.map((phrase) => sql`${column} = ${phrase}`),
    sql` or `,
  );
  return sql`case when ${exact} then 0 when ${any((p) => `${p}%`)} then 1
    when ${any((p) => `% ${p}%`)} then 2 when ${any((p) => `%${p}%`)} then 3 else 4 end`;
}

/** Only books that can be lent now; only books rated at least so high. */
export function filterConditions(filters: BookFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.available) {
    conditions.push(sql`${books.availableCopies} > 0 and ${books.borrowTimes} < ${books.loanCap}`);
  }
  if (filters.minRating !== undefined)
    conditions.push(sql`${books.rating} >= ${filters.minRating}`);
  return conditions;
}

/** The order of `sort`; ties always end on title and id, so pages never overlap. */
export function orderOf(sort: Exclude<BookSort, "relevance">): SQL[] {
  switch (sort) {
    case "popular":
      return [
        sql`${books.recentLoans} desc nulls last`,
        sql`${books.rating} desc nulls last`,
        asc(books.title),
        asc(books.id),
      ];
    case "rating":
      return [
        sql`${books.rating} desc nulls last`,
        sql`${books.ratingCount} desc nulls last`,
        asc(books.title),
        asc(books.id),
      ];
    case "newest":
      return [sql`${books.createdAt} desc nulls last`, sql`${books.id} desc nulls last`];
    case "title":
      return [asc(books.title), asc(books.id)];
  }
}

export interface Window {
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * The search for one page's ids, as a statement not yet run (the benchmark EXPLAINs the very
 * statement the route sends). One row more than the page tells whether another page exists.
 */
export function searchStatement(
  db: Executor,
  terms: SearchTerms,
  query: SearchQuery,
  window: Window,
) {
  // Retired books are gone from search (design.md §7.1).
  const conditions: SQL[] = [isNull(books.retiredAt)];
  if (terms.title) conditions.push(termCondition(books.searchTitle, terms.title));
  if (terms.author) conditions.push(termCondition(books.searchAuthor, terms.author));
  if (terms.category) conditions.push(categoryCondition(terms.category));
  conditions.push(...filterConditions(query));

  const sort = query.sort ?? "relevance";
  let order: SQL[];
  if (sort !== "relevance") order = orderOf(sort);
  else if (terms.title) order = [rankOf(books.searchTitle, terms.title), ...orderOf("title")];
  else if (terms.author) order = [rankOf(books.searchAuthor, terms.author), ...orderOf("title")];
  else order = orderOf("title");

  // Only the ids of the page: at a million books a common word matches thousands of rows, and
  // joining each to its category before the sort took a third of the time. The page's books
  // are read by id afterwards.
  return db
    .select({ id: books.id })
    .from(books)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(window.pageSize + 1)
    .offset(window.offset);
}

export function termsFrom(
  typed: ReturnType<typeof typedTerms>,
  lookups: ReadonlyMap<string, WordLookup>,
  options: { everyWord?: boolean } = {},
): SearchTerms {
  return {
    title: typed.title ? correctTerm(typed.title, lookups, options) : null,
    author: typed.author ? correctTerm(typed.author, lookups, options) : null,
    category: typed.category || null,
  };
}
