import type { Suggestion, SuggestResult } from "@folio/contract/catalogue";
import { SUGGEST_MAX, SUGGEST_MIN_CHARACTERS } from "@folio/contract/constants";
import { wireId } from "@folio/contract/common";
import { and, isNull, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { books, categories } from "../../db/schema";
import { closestWord, lookUpWords, slipsAllowed, wordsOf } from "./search";
import { escapeLike, normalizeForSearch } from "./search-text";

/*
 * Suggestions as a reader types (design.md §7.5): titles, then authors, then categories. Every
 * read is bounded by an index and a small limit, so a keystroke costs a few index probes however
 * large the catalogue: titles and authors that start with what was typed (the text_pattern_ops
 * indexes), from the third letter those with a word that starts with it (trigram indexes), and
 * when the last word begins no word of the catalogue, its closest word (search_words).
 */

const TITLES = 5;
const AUTHORS = 2;
const CATEGORIES = 2;
/** Rows read per probe; the best of them by popularity are shown. */
const CANDIDATES = 20;

const startsWith = (text: string) => `${escapeLike(text)}%`;
const wordStartsWith = (text: string) => `% ${escapeLike(text)}%`;
const contains = (text: string) => `%${escapeLike(text)}%`;

function titlesWhere(db: Executor, condition: SQL, order?: SQL) {
  const query = db
    .select({ id: books.id, title: books.title, recentLoans: books.recentLoans })
    .from(books)
    .where(and(isNull(books.retiredAt), condition));
  return (order ? query.orderBy(order) : query).limit(CANDIDATES);
}

function authorsWhere(db: Executor, condition: SQL, order?: SQL) {
  const query = db
    .select({ author: books.author, recentLoans: books.recentLoans })
    .from(books)
    .where(and(isNull(books.retiredAt), condition));
  return (order ? query.orderBy(order) : query).limit(CANDIDATES * 5);
}

/**
 * The statements a suggestion runs for `typed` (normalised), named, as not yet run: the
 * benchmark EXPLAINs them. `near` is the closest catalogue word to the last word, when the last
 * word begins none.
 */
export function suggestStatements(db: Executor, typed: string, near: string | null) {
  const words = wordsOf(typed);
  const byWord = typed.length >= 3;
  // "~<~" is the order of the text_pattern_ops indexes, so the first rows come straight off them.
  const titleOrder = sql`${books.searchTitle} using ~<~`;
  const authorOrder = sql`${books.searchAuthor} using ~<~`;
  const fixed = near === null ? null : [...words.slice(0, -1), near].join(" ");
  return {
    titles: titlesWhere(db, sql`${books.searchTitle} like ${startsWith(typed)}`, titleOrder),
    titleWords: byWord
      ? titlesWhere(db, sql`${books.searchTitle} like ${wordStartsWith(typed)}`)
      : null,
    titlesNear: fixed ? titlesWhere(db, sql`${books.searchTitle} like ${contains(fixed)}`) : null,
    authors: authorsWhere(db, sql`${books.searchAuthor} like ${startsWith(typed)}`, authorOrder),
    authorWords: byWord
      ? authorsWhere(db, sql`${books.searchAuthor} like ${wordStartsWith(typed)}`)
      : null,
    authorsNear: fixed
      ? authorsWhere(db, sql`${books.searchAuthor} like ${contains(fixed)}`)
      : null,
    categories: db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(
        sql`${categories.searchName} like ${contains(typed)} or ${categories.searchName} % ${typed}`,
      )
      .orderBy(
        sql`${categories.searchName} like ${startsWith(typed)} desc`,
        sql`${categories.searchName} <-> ${typed}`,
      )
      .limit(CATEGORIES),
  };
}

const popularFirst = <T extends { recentLoans: number }>(rows: T[]) =>
  [...rows].sort((a, b) => b.recentLoans - a.recentLoans);

/** The first `count` rows with distinct keys, in order. */
function firstUnique<T>(rows: T[], key: (row: T) => string, count: number): T[] {
  const seen = new Set<string>();
  return rows
    .filter((row) => {
      const k = key(row);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, count);
}

export async function suggestBooks(db: Database, q: string): Promise<SuggestResult> {
  const typed = normalizeForSearch(q);
  if (typed.length < SUGGEST_MIN_CHARACTERS) return { state: "success", suggestions: [] };
  const last = wordsOf(typed).at(-1);
  const lookup = last ? (await lookUpWords(db, [last])).get(last) : undefined;
  const near =
    last && lookup && !lookup.known && !lookup.begins
      ? closestWord(last, lookup.alike, slipsAllowed(last))
      : null;
  const statements = suggestStatements(db, typed, near);
  const run = async <T>(statement: Promise<T[]> | null): Promise<T[]> =>
    statement ? await statement : [];
  const [titles, titleWords, titlesNear, authors, authorWords, authorsNear, categoryRows] =
    await Promise.all([
      run(statements.titles),
      run(statements.titleWords),
      run(statements.titlesNear),
      run(statements.authors),
      run(statements.authorWords),
      run(statements.authorsNear),
      run(statements.categories),
    ]);

  // Starts with what was typed, then has a word that does, then the correction's; the most
  // borrowed first within each.
  const chosenTitles = firstUnique(
    [titles, titleWords, titlesNear].flatMap(popularFirst),
    (row) => String(row.id),
    TITLES,
  );
  // An author more when titles leave room.
  const chosenAuthors = firstUnique(
    [authors, authorWords, authorsNear].flatMap(popularFirst),
    (row) => row.author,
    chosenTitles.length < TITLES ? AUTHORS + 1 : AUTHORS,
  );
  const suggestions: Suggestion[] = [
    ...chosenTitles.map((row) => ({
      kind: "title" as const,
      text: row.title,
      bookId: wireId(row.id),
      categoryId: null,
    })),
    ...chosenAuthors.map((row) => ({
      kind: "author" as const,
      text: row.author,
      bookId: null,
      categoryId: null,
    })),
    ...categoryRows.map((row) => ({
      kind: "category" as const,
      text: row.name,
      bookId: null,
      categoryId: wireId(row.id),
    })),
  ];
  return { state: "success", suggestions: suggestions.slice(0, SUGGEST_MAX) };
}
