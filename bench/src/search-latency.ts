import type { SearchQuery } from "@folio/contract/catalogue";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Sql } from "../../reliability/src/harness/database";
import type { Database } from "../../server/src/db/client";
import * as schema from "../../server/src/db/schema";
import { searchStatement } from "../../server/src/features/catalogue/service";
import { vocabulary } from "./synthetic-catalogue";

type Kind = "title word" | "title words" | "title prefix" | "author" | "title and category";

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const lower = (word: string) => word.toLowerCase();

/** What readers type: a word of a title, two, the start of a word, an author, with a category. */
const kinds: [Kind, number, (categories: string[]) => SearchQuery][] = [
  ["title word", 40, () => ({ title: lower(pick([...vocabulary.nouns, ...vocabulary.places])) })],
  [
    "title words",
    15,
    () => ({ title: `${lower(pick(vocabulary.adjectives))} ${lower(pick(vocabulary.nouns))}` }),
  ],
  ["title prefix", 15, () => ({ title: lower(pick(vocabulary.nouns)).slice(0, 4) })],
  [
    "author",
    15,
    () => ({ author: `${pick(vocabulary.firstNames)} ${pick(vocabulary.lastNames)}` }),
  ],
  [
    "title and category",
    15,
    (categories) => ({ title: lower(pick(vocabulary.places)), category: pick(categories) }),
  ],
];
const totalWeight = kinds.reduce((sum, [, weight]) => sum + weight, 0);

export function randomSearch(categories: string[]): { kind: Kind; query: SearchQuery } {
  let r = Math.random() * totalWeight;
  for (const [kind, weight, make] of kinds) {
    r -= weight;
    if (r < 0) return { kind, query: make(categories) };
  }
  return { kind: "title word", query: kinds[0]![2](categories) };
}

/**
 * What many readers search for at once: `count` queries of the mix above, picked with a Zipf
 * (s = 1) law, the head-heavy shape of real search traffic, so popular searches repeat.
 */
export function searchTraffic(categories: string[], count = 200): () => SearchQuery {
  const queries = Array.from({ length: count }, () => randomSearch(categories).query);
  const weights = queries.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (let i = 0; i < queries.length; i += 1) {
      r -= weights[i]!;
      if (r < 0) return queries[i]!;
    }
    return queries[0]!;
  };
}

export function searchPath(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/books/search?${params.toString()}`;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { count: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)) };
}

export interface SearchLatency {
  concurrency: number;
  seconds: number;
  all: Percentiles;
  byKind: Record<string, Percentiles>;
  failures: number;
}

/**
 * Wall-clock time of varied searches over HTTP, `concurrency` at a time: a few readers searching
 * at once, not a saturating load (that is the throughput run), so the figure is the time one
 * search takes.
 */
export async function measureSearchLatency(
  base: string,
  categories: string[],
  seconds: number,
  concurrency: number,
): Promise<SearchLatency> {
  const samples: number[] = [];
  const byKind = new Map<string, number[]>();
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const lane = async () => {
    while (Date.now() < deadline) {
      const { kind, query } = randomSearch(categories);
      const started = performance.now();
      // no-cache: the time of the search itself, not of an answer kept in memory
      const response = await fetch(base + searchPath(query), {
        headers: { "cache-control": "no-cache" },
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (!response.ok) failures += 1;
      samples.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return {
    concurrency,
    seconds,
    all: percentiles(samples),
    byKind: Object.fromEntries([...byKind].map(([kind, ms]) => [kind, percentiles(ms)])),
    failures,
  };
}

export interface Plan {
  query: SearchQuery;
  /** indexes the plan reads */
  indexes: string[];
  /** whether it reads the whole books table instead */
  seqScanOnBooks: boolean;
  executionMs: number;
  plan: string;
}

// Only builds SQL text: the statement is run below through `sql`, on either database.
const sqlBuilder = drizzle.mock({ schema }) as unknown as Database;

/** EXPLAIN ANALYZE of the very statement the search route sends, for one query of each kind. */
export async function explainSearches(sql: Sql, categories: string[]): Promise<Plan[]> {
  const queries: SearchQuery[] = [
    { title: "river" },
    { title: "golden lantern" },
    { title: "lant" },
    { author: "Charlotte Brontë" },
    { title: "venice", category: categories[0] ?? "Poetry" },
    { title: "moby" },
  ];
  const plans: Plan[] = [];
  for (const query of queries) {
    const { statement } = searchStatement(sqlBuilder, query);
    const { sql: text, params } = statement.toSQL();
    const rows = await sql.query<{ "QUERY PLAN": string }>(
      `explain (analyze, costs off) ${text}`,
      params,
    );
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    plans.push({
      query,
      indexes: [
        ...new Set(
          [...plan.matchAll(/(?:Index|Index Only) Scan(?: Backward)? (?:using|on) (\w+)/g)].map(
            (m) => m[1]!,
          ),
        ),
      ],
      seqScanOnBooks: /Seq Scan on books/.test(plan),
      executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
      plan,
    });
  }
  return plans;
}
