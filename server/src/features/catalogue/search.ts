import type { BookFilters, BookSort, SearchQuery } from "@folio/contract/catalogue";
import {
  SEARCH_CORRECTED_WORDS,
  SEARCH_MAX_WORDS,
  SEARCH_PARAMETER_REQUIRED,
} from "@folio/contract/constants";
import { and, asc, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import { containsPattern, escapeLike } from "../../db/like";
import { books, categories, searchWords } from "../../db/schema";
import { errors } from "../../errors";
import { normalizeForSearch } from "./search-text";

/*
 * Search that forgives typos (design.md §7.5), on the database we have: every word of the
 * catalogue's titles and authors is kept in search_words (a trigger on books), and a word of a
 * search that is in no title or author is corrected to the closest word there (pg_trgm's
 * similarity, over a few thousand words rather than a million books). The books are then found
 * with the trigram indexes as before, by the phrase as typed, the phrase corrected, or all of its
 * words in any order, and ranked: exact, then prefix, then at a word's start, then anywhere, then
 * all words apart.
 */

/** A word of a search's text: letters and digits, as search_words_of() splits titles (migration 0012). */
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a search's text. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
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
  /** books holding each word of `alike`, in its order */
  alikeBooks: number[];
  /** books holding a word that starts with it (counted by word: a book may count twice) */
  startingBooks: number;
  /** some title (not only an author) holds a word that starts with it */
  titlesBegin: boolean;
}

/**
 * One statement that looks up every word: for each, whether the catalogue has it, whether it
 * begins a word there (and how many books hold such words, and whether a title does), and, for a
 * word it does not have (or every word, `alikeForKnown`; without `alikeForBeginning`, only one
 * that begins no word either), the words most like it, read nearest first off the GiST index.
 * Each word is its own constant so every lookup is an index probe. The nearest words are read
 * for the first `corrected` words that want them, no more: that read is most of a lookup's
 * cost, and forty made-up words would otherwise pay it forty times (hardening, round three).
 */
export function lookupSql(
  words: readonly string[],
  { alikeForKnown = false, alikeForBeginning = true, corrected = SEARCH_CORRECTED_WORDS } = {},
): SQL {
  const correctable = words.map(
    (word) => word.length >= CORRECTABLE_LENGTH && !/^\p{N}+$/u.test(word),
  );
  // The words that start with it, as a range of search_words_prefix: asked with LIKE, the
  // planner takes the trigram index, ten times slower here.
  const probes = words.map(
    (word, n) => sql`select ${n}::int as n,
        coalesce(bool_or(${searchWords.word} = ${word}), false) as known,
        coalesce(sum(${searchWords.books}), 0)::int as starting,
        coalesce(bool_or(${searchWords.inTitles}), false) as "titlesBegin"
      from ${searchWords}
      where ${searchWords.word} ~>=~ ${word} and ${searchWords.word} ~<~ ${afterAllStarting(word)}`,
  );
  const candidates = correctable.flatMap((yes, n) => (yes ? [sql`${n}::int`] : []));
  const wants = [
    candidates.length > 0 ? sql`n in (${sql.join(candidates, sql`, `)})` : sql`false`,
    ...(alikeForKnown ? [] : [sql`not known`]),
    ...(alikeForBeginning ? [] : [sql`starting = 0`]),
  ];
  const parts = words.map((word, n) => {
    const nearest = sql`select ${searchWords.word} as word, ${searchWords.books} as books,
        ${searchWords.word} <-> ${word} as distance
      from ${searchWords} where (select ${n}::int = any(ns) from chosen)
      order by ${searchWords.word} <-> ${word} limit ${CANDIDATES}`;
    // Uncorrelated, the gate is asked once, before the index is: a word not chosen reads nothing.
    const alike = correctable[n]
      ? sql`(select
          coalesce(array_agg(c.word order by c.distance, c.word), array[]::text[]) as alike,
          coalesce(array_agg(c.books order by c.distance, c.word), array[]::int[]) as "alikeBooks"
          from (${nearest}) c where c.distance < ${CANDIDATE_DISTANCE} and c.word <> ${word})`
      : sql`(select array[]::text[] as alike, array[]::int[] as "alikeBooks")`;
    return sql`select s.n, s.known, s.starting > 0 as begins, s.starting as "startingBooks",
        s."titlesBegin", a.alike, a."alikeBooks"
      from probed s cross join ${alike} a where s.n = ${n}::int`;
  });
  return sql`with probed as materialized (${sql.join(probes, sql` union all `)}),
    chosen as materialized (select coalesce(array_agg(n order by n), array[]::int[]) as ns
      from (select n from probed where ${sql.join(wants, sql` and `)}
        order by n limit ${corrected}) wanted)
    ${sql.join(parts, sql` union all `)}`;
}

/**
 * The least text after every text that starts with `prefix`, in byte order (~<~): its last
 * character one code point on. (UTF-8's byte order is code point order.)
 */
export function afterAllStarting(prefix: string): string {
  const characters = [...prefix];
  const last = characters.pop()!.codePointAt(0)!;
  return characters.join("") + String.fromCodePoint(last + 1);
}

interface LookupRow extends WordLookup {
  n: number;
}

export async function lookUpWords(
  db: Executor,
  words: readonly string[],
  options: { alikeForKnown?: boolean } = {},
): Promise<Map<string, WordLookup>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const found = new Map<string, WordLookup>();
  for (const row of await queryRows<LookupRow>(db, lookupSql(unique, options))) {
    const { n, ...lookup } = row;
    found.set(unique[Number(n)]!, lookup);
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

/**
 * `text` up to the end of its `max`th word, what lies between its words kept: the words past
 * it are not searched (SEARCH_MAX_WORDS).
 */
export function firstWords(text: string, max = SEARCH_MAX_WORDS): string {
  let count = 0;
  for (const word of text.matchAll(WORD)) {
    count += 1;
    if (count === max) return text.slice(0, word.index + word[0].length);
  }
  return text;
}

/** The normalised fields of a search, each of its first words only; 400 when none is given. */
export function typedTerms(query: SearchQuery) {
  const typed = {
    title: firstWords(normalizeForSearch(query.title ?? "")),
    author: firstWords(normalizeForSearch(query.author ?? "")),
    category: normalizeForSearch(query.category ?? ""),
  };
  if (!typed.title && !typed.author && !typed.category) {
    throw errors.validation(SEARCH_PARAMETER_REQUIRED);
  }
  return typed;
}

/** A category asked for by name: the names that hold it, or the closest name when none does. */
function categoryCondition(category: string, alone: boolean): SQL {
  const contains = containsPattern(category);
  const column = alone ? sql`${books.categoryId}` : sql`(${books.categoryId} + 0)`;
  return sql`${column} in (
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
    texts.map((text) => sql`${column} like ${containsPattern(text)}`),
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
      [...new Set(words)].map((word) => sql`${column} like ${containsPattern(word)}`),
      sql` and `,
    );
  const typedWords = wordsOf(term.typed);
  if (!term.corrected) return sql`(${everyWord(typedWords)})`;
  return sql`((${everyWord(typedWords)}) or (${everyWord(term.words)}))`;
}

const phrasesOf = (term: Term) => (term.corrected ? [term.typed, term.fixed] : [term.typed]);

/** 0 exact, 1 prefix, 2 at a word's start, 3 anywhere, 4 all words apart. */
function rankOf(column: SearchColumn, term: Term): SQL {
  const phrases = phrasesOf(term);
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

/**
 * The field a relevance search ranks on, and the order of books equally ranked: by that field
 * as stored for search (case and accents set aside, in byte order), so the best matches can be
 * read in order off books_search_title_order or books_search_author_order (an author's books by
 * title) rather than all found and sorted. `found` is the same order over bestFirstStatement's
 * rows (rank, key, title, id).
 */
function rankedField(terms: SearchTerms) {
  if (terms.title) {
    const column = books.searchTitle;
    const ties = [sql`${column} using ~<~`, asc(books.id)];
    return { column, term: terms.title, ties, found: sql`rank, key using ~<~, id` };
  }
  if (terms.author) {
    const column = books.searchAuthor;
    const ties = [sql`${column} using ~<~`, asc(books.title), asc(books.id)];
    return { column, term: terms.author, ties, found: sql`rank, key using ~<~, title, id` };
  }
  return null;
}

export interface Window {
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * What a book must be to be found by `terms`, with `query`'s filters; `implied` is a field whose
 * match the caller already asks in a narrower form.
 */
function searchConditions(terms: SearchTerms, query: SearchQuery, implied?: SearchColumn): SQL[] {
  // Retired books are gone from search (design.md §7.1).
  const conditions: SQL[] = [isNull(books.retiredAt)];
  if (terms.title && implied !== books.searchTitle) {
    conditions.push(termCondition(books.searchTitle, terms.title));
  }
  if (terms.author && implied !== books.searchAuthor) {
    conditions.push(termCondition(books.searchAuthor, terms.author));
  }
  if (terms.category) {
    // Beside a title or an author, the category only filters what their trigram indexes find:
    // read off its own index too, a category's hundred thousand rows cost more than the rest.
    const alone = !terms.title && !terms.author;
    conditions.push(categoryCondition(terms.category, alone));
  }
  conditions.push(...filterConditions(query));
  return conditions;
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
  const sort = query.sort ?? "relevance";
  const ranked = rankedField(terms);
  let order: SQL[];
  if (sort !== "relevance") order = orderOf(sort);
  else if (ranked) order = [rankOf(ranked.column, ranked.term), ...ranked.ties];
  else order = orderOf("title");

  // Only the ids of the page: at a million books a common word matches thousands of rows, and
  // joining each to its category before the sort took a third of the time. The page's books
  // are read by id afterwards.
  return db
    .select({ id: books.id })
    .from(books)
    .where(and(...searchConditions(terms, query)))
    .orderBy(...order)
    .limit(window.pageSize + 1)
    .offset(window.offset);
}

/** The planner's count of books (0 before any ANALYZE): how large the catalogue is, for free. */
export const catalogueSizeSql = sql`select greatest(reltuples, 0)::float8 as books
  from pg_class where oid = 'books'::regclass`;

/** Rows a walk along the order index reads at most before the whole ranking is asked instead. */
export const WALK_ROWS = 20_000;
/**
 * A row walked costs about as much as this many rows ranked (the walk fetches rows one by one in
 * the index's order; the ranking fetches the matches page by page): measured at a million books.
 */
const WALKED_ROW_COST = 4;

/**
 * The first `needed` ids of a relevance search, read in order instead of found and ranked
 * (a common word is in thousands of a million titles, and ranking them all is most of a
 * search's time): the books whose field starts with the phrase (ranks 0 and 1) off the order
 * index, then, with `walk` (rows at most), those with a word starting so (rank 2), by walking
 * that index from its start. Both are in the full ranking's order (searchStatement), so
 * when `needed` ids come back they are its first; fewer mean this way does not know, and the
 * full ranking is asked. Null for a search that ranks no field or is sorted otherwise.
 */
export function bestFirstStatement(
  terms: SearchTerms,
  query: SearchQuery,
  needed: number,
  walk: number | null,
): SQL | null {
  if ((query.sort ?? "relevance") !== "relevance") return null;
  const ranked = rankedField(terms);
  if (!ranked) return null;
  const { column, term, ties, found } = ranked;
  const rank = rankOf(column, term);
  // A book ranked 0, 1 or 2 holds the phrase, so holds every word of it: the field's own
  // condition is implied.
  const conditions = and(...searchConditions(terms, query, column));
  const columns = sql`${books.id} as id, ${rank} as rank, ${column} as key, ${books.title} as title`;
  const order = sql.join(ties, sql`, `);
  const starting = phrasesOf(term).map(
    (phrase) => sql`(select ${columns} from ${books}
      where ${conditions} and ${column} like ${`${escapeLike(phrase)}%`}
      order by ${order} limit ${needed})`,
  );
  // The walk runs only when those starting so do not fill the page.
  const walked =
    walk === null
      ? sql``
      : sql`union all (select ${columns}
          from (select * from ${books} order by ${order} limit ${walk}) as ${books}
          where ${conditions} and ${rank} = 2 and (select count(*) from starting) < ${needed}
          limit ${needed})`;
  return sql`with starting as materialized (${sql.join(starting, sql` union `)})
    select id from (select * from starting ${walked}) found
    order by ${found} limit ${needed}`;
}

/**
 * How many rows to walk for rank 2, or null when walking is not worth it: only for a one-word
 * search with nothing else to narrow it but availability, and only when the catalogue's count of
 * that word (search_words, as of its last rebuild) says the page's rows lie so close together
 * that walking to them costs less than ranking every match. The walk stops at four times the
 * rows expected; when it finds too few there, the ranking is asked after all, so a walk in vain
 * costs at most what the ranking costs.
 */
export function walkWorthwhile(
  terms: SearchTerms,
  query: SearchQuery,
  lookups: ReadonlyMap<string, WordLookup>,
  needed: number,
  catalogueBooks: number,
): number | null {
  const ranked = rankedField(terms);
  if (!ranked || ranked.term.words.length !== 1) return null;
  if (terms.category || (terms.title && terms.author) || query.minRating !== undefined) {
    return null;
  }
  const typed = wordsOf(ranked.term.typed);
  if (typed.length !== 1) return null;
  const lookup = lookups.get(typed[0]!);
  if (!lookup) return null;
  let books = lookup.startingBooks;
  if (ranked.term.corrected) {
    books += lookup.alikeBooks[lookup.alike.indexOf(ranked.term.words[0]!)] ?? 0;
  }
  if (books === 0) return null;
  const expected = (needed * Math.max(catalogueBooks, books)) / books;
  if (expected * WALKED_ROW_COST > books) return null;
  return Math.min(Math.ceil(expected * 4), WALK_ROWS);
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
