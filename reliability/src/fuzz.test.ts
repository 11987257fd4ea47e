import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { Api, newReader, type Reader } from "./harness/client";
import { PgliteDirectory, PostgresDatabase, brokenInvariants, type Sql } from "./harness/database";
import { changedTables, databaseDigest } from "./harness/fuzz-checks";
import { EventLoopWatch } from "./harness/event-loop-watch";
import {
  attemptsFor,
  binaryAttempts,
  oversizedAttempt,
  stallingAttempts,
  type FuzzContext,
} from "./harness/fuzz-inputs";
import { documentedRoutes, routeName } from "./harness/fuzz-routes";
import { FuzzRunner } from "./harness/fuzz-runner";
import { catalogueIds } from "./harness/load";
import { scaled } from "./harness/env";
import { recordScenario } from "./harness/report";
import { ServerProcess } from "./harness/server";
import { seededShops } from "./harness/shop";

/** Attempts per route (75 in the long run, 15 in `npm test`); each goes out twice, as the fuzz reader and as nobody. */
const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? scaled(15, 75));
/** Set RELIABILITY_FUZZ_SEED to replay a failure; route i runs with seed + i. */
const SEED = Number(process.env.RELIABILITY_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * The bar (design.md, issue 16): no request holds the server's event loop more than 50 ms. It
 * is measured from a ping kept in flight beside every request, on a shared machine (in `npm
 * test`, beside the browser journeys), so the test fails only on a gross breach, the kind a
 * backtracking pattern makes (4 s), and reports the worst figure every run; `npm run bench`
 * holds the precise figures. A busy machine alone once delayed a ping past 500 ms.
 */
const HOLD_BAR_MS = 50;
const HOLD_BREACH_MS = 40 * HOLD_BAR_MS;
/** The server's body limit (BODY_LIMIT's default), which the stalling bodies stay just under. */
const BODY_LIMIT = 1024 * 1024;

/**
 * About 60 s at 75 runs on an idle machine when there were 44 routes; others' benchmarks on the
 * same cores slow it. 12 s a run held for 113 routes; with the OPDS catalogue's 25 more, 15 s.
 */
const TIME_LIMIT_MS = Math.max(300_000, RUNS * 15_000);

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A reader with money and a loan, so borrowing, reading and reviewing calls get past "who"; an
 * admin too, so the staff calls (/api/admin/) get past "who" and the fuzz reaches their inputs.
 */
async function fuzzReader(api: Api, database: Sql, bookId: string): Promise<Reader> {
  const reader = await newReader(api, 50);
  await database.query("update users set role = 'admin' where id = $1", [reader.id]);
  const borrowed = await api.post("/api/borrow/borrow", { bookId: [bookId] }, reader.token);
  if (borrowed.status !== 200) throw new Error(`borrow: ${borrowed.status} ${borrowed.text}`);
  return reader;
}

describe("hostile input on every call, over HTTP", () => {
  it(
    "answers only 4xx with a clear JSON message, never a 5xx, and a refused request changes nothing",
    async () => {
      const started = performance.now();
      console.log(
        `fuzz: seed ${SEED}, ${RUNS} runs per route (RELIABILITY_FUZZ_SEED, RELIABILITY_FUZZ_RUNS)`,
      );
      const shops = seededShops();
      const database = await PostgresDatabase.create(shops.postgresTemplate);
      cleanups.push(() => database.drop());
      const dir = await PgliteDirectory.create(shops.postgresDataDir);
      cleanups.push(() => dir.remove());
      const server = await ServerProcess.start(
        {
          dataDir: dir.dataDir,
          databaseUrl: database.url,
          secret: randomBytes(32).toString("hex"),
        },
        "fuzz",
      );
      cleanups.push(() => server.stop());
      const api = new Api(server.base);

      const routes = await documentedRoutes(api);
      expect(routes.length).toBeGreaterThan(30);
      // The OPDS catalogue (issue 26) is in the document, so in the fuzz: both versions, both
      // borrow methods, the book's id as a path parameter.
      const opds = routes.filter((route) => route.template.startsWith("/opds/"));
      expect(opds.map(routeName)).toEqual(
        expect.arrayContaining([
          "GET /opds/1.2/shelf",
          "GET /opds/2.0/search",
          "POST /opds/1.2/books/{id}/borrow",
          "PUT /opds/2.0/books/{id}/borrow",
          "GET /opds/2.0/authentication",
          "GET /opds/1.2/opensearch.xml",
        ]),
      );
      for (const route of opds.filter((r) => r.template.includes("{id}")))
        expect(route.pathParams, routeName(route)).toEqual(["id"]);
      const bookIds = await catalogueIds(api);
      const reader = await fuzzReader(api, database, bookIds[0]!);
      const link = await api.post<{ contentURL: string }>(
        "/api/books/content",
        { bookId: bookIds[0] },
        reader.token,
      );
      expect(link.status).toBe(200);
      const context: FuzzContext = {
        bookIds,
        contentLink: Object.fromEntries(new URL(link.body.contentURL, server.base).searchParams),
        methodsByTemplate: new Map(),
      };
      for (const route of routes)
        context.methodsByTemplate.set(
          route.template,
          (context.methodsByTemplate.get(route.template) ?? new Set()).add(route.method),
        );
      let readers = 1;
      const runner = new FuzzRunner(api, database, reader, () => {
        readers += 1;
        return fuzzReader(api, database, bookIds[readers % bookIds.length]!);
      });

      // The digest must see a change when there is one, or every "nothing changed" below is moot.
      const before = await databaseDigest(database);
      const added = await api.post("/api/wishlist/add", { bookId: [bookIds[1]] }, reader.token);
      expect(added.status).toBe(200);
      expect(changedTables(before, await databaseDigest(database))).toEqual(["wishlist_items"]);

      const watch = new EventLoopWatch(server.base);
      await watch.start();
      cleanups.push(() => watch.stop());
      runner.watchEventLoop(watch);

      const failures: string[] = [];
      // Text made to make patterns backtrack, in every text field of every call, every run.
      for (const route of routes)
        for (const attempt of stallingAttempts(route, context, BODY_LIMIT))
          failures.push(...(await runner.send(attempt, routeName(route))));

      // Bytes where text is expected, and megabytes of them as an EPUB: refused, never stalling.
      for (const route of routes)
        for (const attempt of binaryAttempts(route, context))
          failures.push(...(await runner.send(attempt, routeName(route))));

      // A body of 2 MB on every call that takes one: 413 and a message, before any parsing.
      for (const route of routes.filter((r) => r.method !== "GET")) {
        const problems = await runner.send(
          oversizedAttempt(route, context, 2 * 1024 * 1024),
          routeName(route),
        );
        failures.push(...problems);
      }

      for (const [i, route] of routes.entries()) {
        const seen = new Set<string>();
        const details = await fc.check(
          fc.asyncProperty(attemptsFor(route, context), async (attempt) => {
            const problems = await runner.send(attempt, routeName(route));
            for (const problem of problems) seen.add(problem);
            return problems.length === 0;
          }),
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
        if (details.failed)
          failures.push(
            `${routeName(route)}: ${[...seen].map((p) => p.slice(0, 400)).join("\n  ")}\n  ` +
              `(fast-check seed ${String(details.seed)}, path ${String(details.counterexamplePath)})`,
          );
      }

      await watch.stop();
      const holds = [...runner.worstHolds.entries()].sort(([, a], [, b]) => b.ms - a.ms);
      const worst = holds[0]?.[1] ?? { ms: 0, where: "none" };
      console.log(
        `fuzz: worst event-loop hold ${worst.ms.toFixed(1)} ms (bar ${HOLD_BAR_MS} ms, fails above ${HOLD_BREACH_MS} ms; idle ping ${watch.idleMs.toFixed(1)} ms)\n` +
          holds
            .slice(0, 5)
            .map(
              ([route, hold]) =>
                `  ${hold.ms.toFixed(1)} ms  ${route}: ${hold.where.slice(0, 160)}`,
            )
            .join("\n"),
      );
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(
        `fuzz: ${runner.requests} requests in ${seconds} s, ${runner.rejected} refused, ${runner.accepted} accepted`,
      );
      expect(failures).toEqual([]);
      expect(runner.routesCovered.size).toBe(routes.length);
      expect(
        holds
          .filter(([, hold]) => hold.ms > HOLD_BREACH_MS)
          .map(([route, h]) => `${route}: ${h.ms} ms, ${h.where.slice(0, 200)}`),
      ).toEqual([]);
      expect(api.tally.fiveHundreds).toBe(0);
      expect(await brokenInvariants(database)).toEqual([]);
      expect(await server.errorLines()).toEqual([]);
      recordScenario("hostile input: fuzz on every call", {
        seed: SEED,
        runsPerRoute: RUNS,
        seconds,
        requests: runner.requests,
        inputsPerKind: runner.inputsPerKind,
        routesCovered: runner.routesCovered.size,
        routesDocumented: routes.length,
        refused4xx: runner.rejected,
        accepted: runner.accepted,
        statuses: api.tally.summary(),
        readersUsed: readers,
        worstEventLoopHoldMs: Math.round(worst.ms * 10) / 10,
        worstEventLoopHoldAt: worst.where.slice(0, 200),
        idlePingMs: Math.round(watch.idleMs * 10) / 10,
        worstHoldPerRouteMs: Object.fromEntries(
          holds.slice(0, 10).map(([route, hold]) => [route, Math.round(hold.ms * 10) / 10]),
        ),
        violations: 0,
      });
    },
    TIME_LIMIT_MS,
  );
});
