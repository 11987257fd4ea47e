import type { Suggestion, SuggestResult } from "@folio/contract/catalogue";
import { SUGGEST_MAX, SUGGEST_MIN_CHARACTERS } from "@folio/contract/constants";
import { wireId } from "@folio/contract/common";
import { asc, desc, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client";
import { containsPattern, escapeLike } from "../../db/like";
import { books, categories, searchAuthors } from "../../db/schema";
import { closestWord, lookupSql, slipsAllowed, wordsOf, type WordLookup } from "./search";
import { normalizeForSearch } from "./search-text";

/*
 * Suggestions as a reader types (design.md §7.5): titles, then authors, then categories. Every
 * read is bounded by an index and a small limit, so a keystroke costs a few index probes however
 * large the catalogue: titles and authors that start with what was typed (the text_pattern_ops
 * indexes), from the third letter those with a word that starts with it (trigram indexes), and
 * when the last word begins no word of the catalogue, its closest word (search_words). Authors
 * are read from search_authors, each author once, not from their books.
 */

const TITLES = 5;
const AUTHORS = 2;
const CATEGORIES = 2;
/** Rows read per probe; the best of them by popularity are shown. */
const CANDIDATES = 20;
/** Authors read per probe, those with the most books first, before those with none listed go. */
const AUTHOR_CANDIDATES = 20;

const startsWith = (text: string) => `${escapeLike(text)}%`;

/**
 * A word of `column` starts with `text`. The index is asked only for `text` anywhere: its
 * trigrams alone, not those of a word's start ("  g", " go"), whose lists hold a good share of
 * the catalogue; the word's start is checked on the rows found.
 */
const hasWordStarting = (
  column: typeof books.searchTitle | typeof searchAuthors.searchAuthor,
  text: string,
) =>
  sql`${column} like ${containsPattern(text)} and (' ' || ${column}) like ${`% ${escapeLike(text)}%`}`;

interface TitleRow {
  id: number;
  title: string;
  recentLoans: number;
}

interface AuthorRow {
  author: string;
}

interface CategoryRow {
  id: number;
  name: string;
}

const titleColumns = sql`${books.id} as id, ${books.title} as title, ${books.recentLoans} as "recentLoans"`;

/** Off a prefix index, in its order: the first rows are the answer. */
const titlesStarting = (text: string) =>
  sql`select ${titleColumns} from ${books}
    where ${books.retiredAt} is null and ${books.searchTitle} like ${startsWith(text)}
    order by ${books.searchTitle} using ~<~ limit ${CANDIDATES}`;

/**
 * Authors matching `condition` who have a book listed, those with the most books first: the
 * first AUTHOR_CANDIDATES by books, then each looked up in books_search_author_order.
 */
function authorsWhere(condition: SQL): SQL {
  return sql`select author from (
      select ${searchAuthors.searchAuthor} as key, ${searchAuthors.author} as author
      from ${searchAuthors} where ${condition}
      order by ${desc(searchAuthors.books)}, ${asc(searchAuthors.searchAuthor)}
      limit ${AUTHOR_CANDIDATES}) found
    where exists (select 1 from ${books}
      where ${books.searchAuthor} = found.key and ${books.retiredAt} is null)
    limit ${AUTHORS + 1}`;
}

/**
 * The first rows of books matching `condition` (a trigram match). A LIMIT with no ORDER BY
 * tempts the planner into reading books from the start, betting on meeting enough matches early;
 * where they are bunched it reads most of a million rows. As a materialized WITH query the match
 * is planned for all its rows (the trigram index, unless matches are dense), and is still read
 * only as far as the LIMIT asks.
 */
function firstMatching(condition: SQL): SQL {
  return sql`with found as materialized (
      select ${titleColumns} from ${books} where ${books.retiredAt} is null and ${condition})
    select * from found limit ${CANDIDATES}`;
}

/** A JSON array of a statement's rows, in its order. */
const jsonRows = (statement: SQL) =>
  sql`(select coalesce(json_agg(r), '[]'::json) from (${statement}) r)`;

/** `statement`'s rows only when `gate` holds; else it is never run. */
const onlyIf = (gate: SQL, statement: SQL) => sql`select * from (${statement}) g where ${gate}`;

/** Titles matching `condition` by trigrams, only while `shown` leaves room among TITLES. */
const moreTitles = (shown: SQL, condition: SQL) =>
  onlyIf(sql`(${shown}) < ${TITLES}`, firstMatching(condition));

/**
 * What a suggestion reads for `typed` (normalised) before it knows anything, as one statement
 * (one round trip): the last word looked up in search_words; titles that start with what was
 * typed, then, from the third letter and while those leave room, titles with a word that starts
 * so (only when a title has such a word: a surname's start is in many titles' trigrams but
 * starts no word of any); authors likewise; categories. Each is a JSON value.
 */
export function firstReads(typed: string, last: string | undefined): SQL {
  const byWord = typed.length >= 3;
  const titleWords =
    byWord && last
      ? onlyIf(
          sql`(select "titlesBegin" from looked)`,
          moreTitles(sql`select count(*) from titles`, hasWordStarting(books.searchTitle, typed)),
        )
      : null;
  const authorWords = byWord
    ? onlyIf(
        sql`(select count(*) from authors) <= ${AUTHORS}`,
        authorsWhere(hasWordStarting(searchAuthors.searchAuthor, typed)),
      )
    : null;
  const categoryRows = sql`select ${categories.id} as id, ${categories.name} as name
    from ${categories}
    where ${categories.searchName} like ${containsPattern(typed)} or ${categories.searchName} % ${typed}
    order by ${categories.searchName} like ${startsWith(typed)} desc,
      ${categories.searchName} <-> ${typed}
    limit ${CATEGORIES}`;
  const none = sql`'[]'::json`;
  // Words like the last are read only when it begins no word: only then is it corrected.
  const looked = last
    ? lookupSql([last], { alikeForBeginning: false })
    : sql`select null where false`;
  return sql`with looked as materialized (${looked}),
      titles as materialized (${titlesStarting(typed)}),
      authors as materialized (${authorsWhere(sql`${searchAuthors.searchAuthor} like ${startsWith(typed)}`)})
    select (select row_to_json(l) from looked l) as lookup,
      ${jsonRows(sql`select * from titles`)} as titles,
      ${titleWords ? jsonRows(titleWords) : none} as "titleWords",
      ${jsonRows(sql`select * from authors`)} as authors,
      ${authorWords ? jsonRows(authorWords) : none} as "authorWords",
      ${jsonRows(categoryRows)} as categories`;
}

/** The closest catalogue word to the last word typed, when that begins no word of any. */
export function nearWord(typed: string, lookup: WordLookup | undefined): string | null {
  const last = wordsOf(typed).at(-1);
  if (!last || !lookup || lookup.known || lookup.begins) return null;
  return closestWord(last, lookup.alike, slipsAllowed(last));
}

/**
 * What a suggestion reads for a last word taken as `near`, as one statement, when the first
 * reads left room (`titles` and `authors` found so far): titles that start as corrected, then,
 * while those leave room, titles that hold it; authors that hold it.
 */
export function nearReads(typed: string, near: string, titles: number, authors: number): SQL {
  const words = wordsOf(typed);
  const fixed = [...words.slice(0, -1), near].join(" ");
  const wantsTitles = titles < TITLES;
  const titleWords = moreTitles(
    sql`select ${titles} + count(*) from starting`,
    sql`${books.searchTitle} like ${containsPattern(fixed)}`,
  );
  const authorRows = authorsWhere(
    sql`${searchAuthors.searchAuthor} like ${containsPattern(fixed)}`,
  );
  const none = sql`'[]'::json`;
  return sql`with starting as materialized (${wantsTitles ? titlesStarting(fixed) : sql`select ${titleColumns} from ${books} where false`})
    select ${jsonRows(sql`select * from starting`)} as "titlesStarting",
      ${wantsTitles ? jsonRows(titleWords) : none} as "titleWords",
      ${authors <= AUTHORS ? jsonRows(authorRows) : none} as authors`;
}

interface FirstRow {
  lookup: (WordLookup & { n: number }) | null;
  titles: TitleRow[];
  titleWords: TitleRow[];
  authors: AuthorRow[];
  authorWords: AuthorRow[];
  categories: CategoryRow[];
}

interface NearRow {
  titlesStarting: TitleRow[];
  titleWords: TitleRow[];
  authors: AuthorRow[];
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

  // Starts with what was typed, then has a word that does, then the correction's; the most
  // borrowed titles and the authors with the most books first within each.
  const [first] = await queryRows<FirstRow>(db, firstReads(typed, wordsOf(typed).at(-1)));
  if (!first) return { state: "success", suggestions: [] };
  const titleRows = [...popularFirst(first.titles), ...popularFirst(first.titleWords)];
  const authorRows = [...first.authors, ...first.authorWords];
  const near = nearWord(typed, first.lookup ?? undefined);
  if (near !== null) {
    const titles = new Set(titleRows.map((row) => row.id)).size;
    const authors = new Set(authorRows.map((row) => row.author)).size;
    if (titles < TITLES || authors <= AUTHORS) {
      const [more] = await queryRows<NearRow>(db, nearReads(typed, near, titles, authors));
      if (more) {
        titleRows.push(...popularFirst(more.titlesStarting), ...popularFirst(more.titleWords));
        authorRows.push(...more.authors);
      }
    }
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
    ...first.categories.map((row) => ({
      kind: "category" as const,
      text: row.name,
      bookId: null,
      categoryId: wireId(row.id),
    })),
  ];
  return { state: "success", suggestions: suggestions.slice(0, SUGGEST_MAX) };
}
