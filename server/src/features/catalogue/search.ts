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

/** What search_words says of one word of a search. */
export interface WordLookup {
  /** some title or author holds the word */
  known: boolean;
  /** some title or author holds a word that starts with it (the word may be half typed) */
  begins: boolean;
  /** the closest word of the catalogue, when one is close enough (pg_trgm's % operator) */
  near: string | null;
}

/**
 * One statement that looks up every word: for each, whether the catalogue has it, whether it
 * begins a word there, and the closest word. Each word is its own constant so the prefix and
 * nearest-neighbour lookups use search_words' indexes.
 */
export function lookupSql(words: readonly string[]): SQL {
  const parts = words.map((word, n) => {
    const near =
      word.length >= CORRECTABLE_LENGTH && !/^\p{N}+$/u.test(word)
        ? sql`(select ${searchWords.word} from ${searchWords} where ${searchWords.word} % ${word} order by ${searchWords.word} <-> ${word}, ${searchWords.books} desc limit 1)`
        : sql`null::text`;
    return sql`select ${n}::int as n,
      exists (select 1 from ${searchWords} where ${searchWords.word} = ${word}) as known,
      exists (select 1 from ${searchWords} where ${searchWords.word} like ${`${escapeLike(word)}%`}) as begins,
      ${near} as near`;
  });
  return sql.join(parts, sql` union all `);
}

interface LookupRow {
  n: number;
  known: boolean;
  begins: boolean;
  near: string | null;
}

export async function lookUpWords(
  db: Executor,
  words: readonly string[],
): Promise<Map<string, WordLookup>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const result = await db.execute(lookupSql(unique));
  const found = new Map<string, WordLookup>();
  for (const row of (result as { rows: LookupRow[] }).rows) {
    found.set(unique[Number(row.n)]!, { known: row.known, begins: row.begins, near: row.near });
  }
  return found;
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
 */
export function correctTerm(typed: string, lookups: ReadonlyMap<string, WordLookup>): Term {
  const words = wordsOf(typed);
  const last = words.at(-1);
  let corrected = false;
  const fixedWords = words.map((word) => {
    const lookup = lookups.get(word);
    if (!lookup || lookup.known || lookup.near === null) return word;
    if (word === last && lookup.begins) return word;
    corrected = true;
    return lookup.near;
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

/** The words the lookup needs for a search: those of its title and author. */
export function wordsToLookUp(query: SearchQuery): string[] {
  const typed = typedTerms(query);
  return [...wordsOf(typed.title), ...wordsOf(typed.author)];
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

/** Books whose field holds the phrase as typed or corrected, or every word of it in any order. */
function termCondition(column: SearchColumn, term: Term): SQL {
  const phrases = term.corrected ? [term.typed, term.fixed] : [term.typed];
  const phrase = containsAny(column, phrases);
  if (term.words.length < 2) return sql`(${phrase})`;
  const everyWord = sql.join(
    term.words.map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
  return sql`(${phrase} or (${everyWord}))`;
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

/** The terms of a search with every word looked up and corrected where need be. */
export async function correctedTerms(db: Executor, query: SearchQuery): Promise<SearchTerms> {
  const typed = typedTerms(query);
  const lookups = await lookUpWords(db, [...wordsOf(typed.title), ...wordsOf(typed.author)]);
  return termsFrom(typed, lookups);
}

export function termsFrom(
  typed: ReturnType<typeof typedTerms>,
  lookups: ReadonlyMap<string, WordLookup>,
): SearchTerms {
  return {
    title: typed.title ? correctTerm(typed.title, lookups) : null,
    author: typed.author ? correctTerm(typed.author, lookups) : null,
    category: typed.category || null,
  };
}
