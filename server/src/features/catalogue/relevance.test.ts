import type { SearchResult } from "@folio/contract/catalogue";
import { describe, expect, it } from "vitest";
import { seedBooks } from "../../seed/catalogue-data";
import { useTestApp } from "../../test/app";
import { relevanceSet, type RelevanceCase } from "./relevance-set";

const t = useTestApp();

/** Share of the set whose expected book must come first. */
const TOP_ONE_TARGET = 0.95;
/** How far down a miss is looked for, to say how near it came. */
const LOOK_DOWN = 10;

const describeQuery = (query: RelevanceCase["query"]) =>
  Object.entries(query)
    .map(([field, text]) => `${field}="${text}"`)
    .join(" ");

describe("search relevance over the seeded catalogue", () => {
  it("names only books the seed holds, each query once", () => {
    const titles = new Set(seedBooks.map((book) => book.title));
    expect(relevanceSet.filter((c) => !titles.has(c.expect)).map((c) => c.expect)).toEqual([]);
    const queries = relevanceSet.map((c) => describeQuery(c.query));
    expect(queries.length).toBeGreaterThanOrEqual(70);
    expect(new Set(queries).size).toBe(queries.length);
  });

  it(`puts the expected book first for at least ${TOP_ONE_TARGET * 100}% of the set`, async () => {
    const misses: { kind: string; query: string; expected: string; got: string }[] = [];
    for (const c of relevanceSet) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/books/search",
        query: { ...c.query, page: "1", pageSize: String(LOOK_DOWN) },
        // Each query is ranked afresh, never answered from the search cache.
        headers: { "cache-control": "no-cache" },
      });
      expect(response.statusCode, describeQuery(c.query)).toBe(200);
      const titles = response.json<SearchResult>().books.map((book) => book.title);
      if (titles[0] === c.expect) continue;
      const place = titles.indexOf(c.expect);
      misses.push({
        kind: c.kind,
        query: describeQuery(c.query),
        expected: `${c.expect} (${place < 0 ? `not in top ${LOOK_DOWN}` : `#${place + 1}`})`,
        got: titles[0] ?? "(nothing)",
      });
    }

    const rate = (relevanceSet.length - misses.length) / relevanceSet.length;
    // The rate and the misses are the report the search's author reads, pass or fail.
    console.log(
      `search top-1: ${relevanceSet.length - misses.length}/${relevanceSet.length} (${(rate * 100).toFixed(1)}%)` +
        misses
          .map((m) => `\n  [${m.kind}] ${m.query} → got "${m.got}"; expected ${m.expected}`)
          .join(""),
    );
    expect(rate).toBeGreaterThanOrEqual(TOP_ONE_TARGET);
  }, 120_000);
});
