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
    titleWords: byWord ? titlesWhere(db, hasWordStarting(books.searchTitle, typed)) : null,
    titlesNear: fixed ? titlesWhere(db, sql`${books.searchTitle} like ${contains(fixed)}`) : null,
    authors: authorsWhere(db, sql`${books.searchAuthor} like ${startsWith(typed)}`, authorOrder),
    authorWords: byWord ? authorsWhere(db, hasWordStarting(books.searchAuthor, typed)) : null,
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
  if ((titlesShort() || authorsShort()) && (first.titleWords || first.titlesNear)) {
    await db.transaction(async (tx) => {
      // A read by trigrams with a LIMIT and no ORDER BY tempts the planner into reading books
      // from the start, betting on meeting enough matches early; where they are bunched it
      // reads most of a million rows. Off the trigram index it is a few milliseconds at worst.
      await tx.execute(sql`set local enable_seqscan = off`);
      const more = suggestStatements(tx, typed, near);
      for (const probe of [more.titleWords, more.titlesNear]) {
        if (probe && titlesShort()) titleRows.push(...popularFirst(await probe));
      }
      for (const probe of [more.authorWords, more.authorsNear]) {
        if (probe && authorsShort()) authorRows.push(...popularFirst(await probe));
      }
    });
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
