import { SEARCH_FALLBACK_NAMES } from "@folio/contract/constants";
import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../db/like";
import { books, searchAuthors } from "../../db/schema";
import { wordsOf, type Term, type WordLookup } from "./search";
import { normalizeForSearch } from "./search-text";

/*
 * A title search that finds no title, whose words name an author or a category (the header's
 * box is a title search, and readers type "austen" in it): the books of those authors, else of
 * those categories, are shown instead, found exactly as a search by that field would find them.
 */

/** Authors read, most books first, before those with no book listed are left out. */
const AUTHOR_CANDIDATES = 20;

/**
 * Whether any author can hold every word of `term`: each word as typed is in some title or
 * author, or begins a word of one, or was corrected to one. A made-up word rules it out without
 * asking the database (most searches that find nothing are made-up words).
 */
export function authorsMayHold(term: Term, lookups: ReadonlyMap<string, WordLookup>): boolean {
  const typed = wordsOf(term.typed);
  if (typed.length === 0) return false;
  return typed.every((word, n) => {
    const lookup = lookups.get(word);
    return term.words[n] !== word || lookup?.known === true || lookup?.begins === true;
  });
}

/**
 * The authors who hold every word of `term` as typed, or as corrected, as an author search
 * matches them (termCondition), with a book listed: the most books first, one more than
 * SEARCH_FALLBACK_NAMES to tell whether there are more.
 */
export function authorsHoldingSql(term: Term): SQL {
  const every = (words: string[]) =>
    sql.join(
      [...new Set(words)].map(
        (word) => sql`${searchAuthors.searchAuthor} like ${containsPattern(word)}`,
      ),
      sql` and `,
    );
  const typed = wordsOf(term.typed);
  const condition = term.corrected
    ? sql`((${every(typed)}) or (${every(term.words)}))`
    : sql`(${every(typed)})`;
  return sql`select author from (
      select ${searchAuthors.searchAuthor} as key, ${searchAuthors.author} as author,
        ${searchAuthors.books} as books
      from ${searchAuthors} where ${condition}
      order by ${searchAuthors.books} desc, ${searchAuthors.searchAuthor} asc
      limit ${AUTHOR_CANDIDATES}) found
    where exists (select 1 from ${books}
      where ${books.searchAuthor} = found.key and ${books.retiredAt} is null)
    order by books desc, key asc
    limit ${SEARCH_FALLBACK_NAMES + 1}`;
}

/**
 * The categories whose name holds `typed` (normalised), as a category search matches them
 * (categoryCondition); names in their order.
 */
export function categoriesHolding(typed: string, names: readonly string[]): string[] {
  if (!typed) return [];
  return names.filter((name) => normalizeForSearch(name).includes(typed));
}

/** At most SEARCH_FALLBACK_NAMES of `found`, and whether more were found. */
export function namesOf(found: readonly string[]): { names: string[]; moreNames: boolean } {
  return {
    names: found.slice(0, SEARCH_FALLBACK_NAMES),
    moreNames: found.length > SEARCH_FALLBACK_NAMES,
  };
}
