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
const contains = (text: string) => `%${escapeLike(text)}%`;

/**
 * A word of `column` starts with `text`. The index is asked only for `text` anywhere: its
 * trigrams alone, not those of a word's start ("  g", " go"), whose lists hold a good share of
 * the catalogue; the word's start is checked on the rows found.
 */
const hasWordStarting = (
  column: typeof books.searchTitle | typeof books.searchAuthor,
  text: string,
) => sql`${column} like ${contains(text)} and (' ' || ${column}) like ${`% ${escapeLike(text)}%`}`;

interface TitleRow {
  id: number;
  title: string;
  recentLoans: number;
}

interface AuthorRow {
  author: string;
  recentLoans: number;
}

/** Off a prefix index, in its order: the first rows are the answer. */
function titlesStarting(db: Executor, text: string) {
  return db
    .select({ id: books.id, title: books.title, recentLoans: books.recentLoans })
    .from(books)
    .where(and(isNull(books.retiredAt), sql`${books.searchTitle} like ${startsWith(text)}`))
    .orderBy(sql`${books.searchTitle} using ~<~`)
    .limit(CANDIDATES);
}

function authorsStarting(db: Executor, text: string) {
  return db
    .select({ author: books.author, recentLoans: books.recentLoans })
    .from(books)
    .where(and(isNull(books.retiredAt), sql`${books.searchAuthor} like ${startsWith(text)}`))
    .orderBy(sql`${books.searchAuthor} using ~<~`)
    .limit(CANDIDATES * 5);
}

/**
 * The first rows of books matching `condition` (a trigram match). A LIMIT with no ORDER BY
 * tempts the planner into reading books from the start, betting on meeting enough matches early;
 * where they are bunched it reads most of a million rows. As a materialized WITH query the match
 * is planned for all its rows (the trigram index, unless matches are dense), and is still read
 * only as far as the LIMIT asks.
 */
function firstMatching(columns: SQL, condition: SQL, limit: number): SQL {
  return sql`with found as materialized (
      select ${columns} from ${books} where ${books.retiredAt} is null and ${condition})
    select * from found limit ${limit}`;
}

const titleColumns = sql`${books.id} as id, ${books.title} as title, ${books.recentLoans} as "recentLoans"`;
const authorColumns = sql`${books.author} as author, ${books.recentLoans} as "recentLoans"`;

/**
 * The statements a suggestion runs for `typed` (normalised), named, as not yet run: the
 * benchmark EXPLAINs them. `near` is the closest catalogue word to the last word, when the last
 * word begins none.
 */
export function suggestStatements(db: Executor, typed: string, near: string | null) {
  const words = wordsOf(typed);
  const byWord = typed.length >= 3;
  const fixed = near === null ? null : [...words.slice(0, -1), near].join(" ");
  return {
    titles: titlesStarting(db, typed),
    titleWords: byWord
      ? firstMatching(titleColumns, hasWordStarting(books.searchTitle, typed), CANDIDATES)
      : null,
    titlesNear: fixed
      ? firstMatching(titleColumns, sql`${books.searchTitle} like ${contains(fixed)}`, CANDIDATES)
      : null,
    authors: authorsStarting(db, typed),
    authorWords: byWord
      ? firstMatching(authorColumns, hasWordStarting(books.searchAuthor, typed), CANDIDATES * 5)
      : null,
    authorsNear: fixed
      ? firstMatching(
          authorColumns,
          sql`${books.searchAuthor} like ${contains(fixed)}`,
          CANDIDATES * 5,
        )
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

  // Starts with what was typed, then has a word that does, then the correction's; the most
  // borrowed first within each. The prefix reads come straight off their indexes.
  const first = suggestStatements(db, typed, near);
  const [titles, authors, categoryRows] = await Promise.all([
    first.titles,
    first.authors,
    first.categories,
  ]);
  const titleRows = popularFirst(titles);
  const authorRows = popularFirst(authors);
  const unique = <T>(rows: T[], key: (row: T) => string) => firstUnique(rows, key, Infinity);
  const titlesShort = () => unique(titleRows, (row) => String(row.id)).length < TITLES;
  const authorsShort = () => unique(authorRows, (row) => row.author).length < AUTHORS;
  // Then by trigrams, only while the prefixes leave room.
  const rowsOf = async <T>(statement: SQL | null): Promise<T[]> => {
    if (!statement) return [];
    const result = await db.execute(statement);
    return (result as { rows: T[] }).rows;
  };
  for (const probe of [first.titleWords, first.titlesNear]) {
    if (probe && titlesShort()) titleRows.push(...popularFirst(await rowsOf<TitleRow>(probe)));
  }
  for (const probe of [first.authorWords, first.authorsNear]) {
    if (probe && authorsShort()) authorRows.push(...popularFirst(await rowsOf<AuthorRow>(probe)));
  }

  const chosenTitles = firstUnique(titleRows, (row) => String(row.id), TITLES);
  // An author more when titles leave room.
  const chosenAuthors = firstUnique(
    authorRows,
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
