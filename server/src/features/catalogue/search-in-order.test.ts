import type { SearchQuery, SearchResult } from "@folio/contract/catalogue";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { useTestApp } from "../../test/app";
import { createBook, createCategory } from "../../test/catalogue";
import { relevanceSet } from "./relevance-set";
import {
  afterAllStarting,
  bestFirstStatement,
  lookUpWords,
  searchStatement,
  termsFrom,
  typedTerms,
  walkWorthwhile,
  wordsOf,
} from "./search";
import { bestFirst } from "./service";

/*
 * A relevance search's first pages are read off the order indexes instead of all matches being
 * ranked (bestFirstStatement): these tests hold that this never changes an answer, on every
 * query of the relevance set and on a word so common that the search walks for it.
 */

const t = useTestApp();
const inOrderFrom = bestFirst.fromBooks;
afterEach(() => {
  bestFirst.fromBooks = inOrderFrom;
});

async function search(query: SearchQuery): Promise<SearchResult> {
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await t.app.inject({
    method: "GET",
    url: "/api/books/search",
    query: params,
    headers: { "cache-control": "no-cache" },
  });
  expect(response.statusCode, JSON.stringify(query)).toBe(200);
  return response.json<SearchResult>();
}

/** The answer with every match ranked, and with the best read in order. */
async function bothWays(query: SearchQuery) {
  bestFirst.fromBooks = Number.POSITIVE_INFINITY;
  const ranked = await search(query);
  bestFirst.fromBooks = 0;
  const inOrder = await search(query);
  return { ranked, inOrder };
}

const pages = (query: SearchQuery): SearchQuery[] =>
  [1, 2, 3].map((page) => ({ ...query, page, pageSize: 3 }));

/** A word in the middle of many titles and at the start of a few, as "river" is at scale. */
const COMMON = "quorvane";

describe("a relevance search read in order", () => {
  beforeAll(async () => {
    const category = await createCategory(t.database.db);
    for (let n = 0; n < 120; n += 1) {
      // Word starts (rank 2) in title order that is not id order; a few prefixes (rank 1).
      const title =
        n % 20 === 0
          ? `Quorvane Days ${n}`
          : `${String.fromCharCode(90 - (n % 26))}ale of the Quorvane ${n}`;
      await createBook(t.database.db, {
        categoryId: category.id,
        title,
        author: `Writer ${n % 7}`,
      });
    }
    // Counts as after a bulk load, which is when a catalogue is large enough to walk.
    await t.database.db.execute(sql`select search_words_rebuild()`);
    await t.database.db.execute(sql`analyze books`);
  });

  it("answers every query of the relevance set as ranking every match does, page by page", async () => {
    for (const { query } of relevanceSet) {
      for (const paged of [query as SearchQuery, ...pages(query)]) {
        const { ranked, inOrder } = await bothWays(paged);
        expect(inOrder.bookId, JSON.stringify(paged)).toEqual(ranked.bookId);
        expect(inOrder.hasMore, JSON.stringify(paged)).toBe(ranked.hasMore);
        expect(inOrder.didYouMean).toBe(ranked.didYouMean);
      }
    }
  });

  it("answers a common word, a half-typed one, a misspelt one and an author alike both ways", async () => {
    const queries: SearchQuery[] = [
      { title: COMMON },
      { title: "quorv" },
      { title: "quorvanne" },
      { title: "the" },
      { title: "of", available: true },
      { author: "writer 3" },
      { title: COMMON, author: "writer" },
    ];
    for (const query of queries) {
      for (const paged of pages(query)) {
        const { ranked, inOrder } = await bothWays(paged);
        expect(inOrder.bookId, JSON.stringify(paged)).toEqual(ranked.bookId);
        expect(inOrder.hasMore, JSON.stringify(paged)).toBe(ranked.hasMore);
      }
    }
    const first = await search({ title: COMMON, page: 1, pageSize: 3 });
    expect(first.books.map((book) => book.title)).toEqual([
      "Quorvane Days 0",
      "Quorvane Days 100",
      "Quorvane Days 20",
    ]);
  });

  it("walks for a word most titles hold, and reads the ranking's first rows", async () => {
    const db = t.database.db;
    const [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from books`,
    );
    for (const query of [{ title: COMMON }, { title: "quorvanne" }] as SearchQuery[]) {
      const typed = typedTerms(query);
      const lookups = await lookUpWords(db, wordsOf(typed.title));
      const terms = termsFrom(typed, lookups);
      for (const page of [1, 2, 3, 4]) {
        const window = { page, pageSize: 2, offset: (page - 1) * 2 };
        const needed = window.offset + window.pageSize + 1;
        // The page's rows lie close enough together in this catalogue to walk to them.
        const walk = walkWorthwhile(terms, query, lookups, needed, total);
        expect(walk, `${JSON.stringify(query)} page ${page}`).not.toBeNull();
        // Six titles start with the word: they fill pages 1 and 2; 3 and 4 need the walk.
        const statement = bestFirstStatement(terms, query, needed, walk);
        const read = await queryRows<{ id: number }>(db, statement!);
        const ranked = await searchStatement(db, terms, query, window);
        expect(read.length).toBe(needed);
        expect(read.slice(window.offset).map((row) => row.id)).toEqual(ranked.map((r) => r.id));
      }
    }
  });

  it("says it cannot tell when the walk ends before the page does", async () => {
    const db = t.database.db;
    const query: SearchQuery = { title: COMMON };
    const typed = typedTerms(query);
    const terms = termsFrom(typed, await lookUpWords(db, wordsOf(typed.title)));
    // Six rows start with the word; a walk of one row finds none of the rest.
    const statement = bestFirstStatement(terms, query, 20, 1);
    const read = await queryRows(db, statement!);
    expect(read.length).toBeLessThan(20);
  });

  it("does not walk for a rare word, a category or another sort", async () => {
    const db = t.database.db;
    const rare: SearchQuery = { title: "frankenstein" };
    const typed = typedTerms(rare);
    const lookups = await lookUpWords(db, wordsOf(typed.title));
    expect(walkWorthwhile(termsFrom(typed, lookups), rare, lookups, 11, 200)).toBeNull();
    const common = typedTerms({ title: COMMON });
    const commonLookups = await lookUpWords(db, [COMMON]);
    const inCategory: SearchQuery = { title: COMMON, category: "poetry" };
    const withCategory = termsFrom(typedTerms(inCategory), commonLookups);
    expect(walkWorthwhile(withCategory, inCategory, commonLookups, 3, 200)).toBeNull();
    const byRating: SearchQuery = { title: COMMON, sort: "rating" };
    expect(bestFirstStatement(termsFrom(common, commonLookups), byRating, 3, 10)).toBeNull();
  });
});

describe("afterAllStarting", () => {
  it("is the least text after every text that starts so, in byte order", () => {
    expect(afterAllStarting("river")).toBe("rives");
    expect(afterAllStarting("z")).toBe("{");
    expect(afterAllStarting("caf\u00e9")).toBe("caf\u00ea");
    expect(afterAllStarting("\u{1F600}")).toBe("\u{1F601}");
  });
});
