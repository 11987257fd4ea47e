import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ErrorBody, ReadinessChecks } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { createUser, type TestUser } from "../test/accounts";
import { createTestApp, useTestApp, type TestApp } from "../test/app";
import { createBook } from "../test/catalogue";
import { testDatabaseKind } from "../test/database-url";
import { httpClient } from "../test/http";

const TOKEN = "metrics-token-for-tests-0123456789";
const t = useTestApp({ METRICS_TOKEN: TOKEN });
let http: ReturnType<typeof httpClient>;
/** The same database served by an app started without METRICS_TOKEN. */
let untokened: TestApp;
beforeAll(async () => {
  http = httpClient(t.app);
  untokened = await createTestApp({}, { shareDatabaseWith: t });
});
afterAll(() => untokened.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format, read loosely: one sample a line, comments skipped. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(response.body);
}

/** The value of the one sample with that name and (at least) those labels, if any. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

const reader = () => createUser(t.app, t.database.db, { balancePence: 10_000 });
const borrow = (user: TestUser, bookId: number) =>
  http.post<BorrowResult>("/api/borrow/borrow", { bookId }, user.token);

describe("GET /metrics", () => {
  const unknownRoute: ErrorBody = {
    state: "error",
    code: "NOT_FOUND",
    message: "There is no GET /metrics in this API.",
  };

  it("answers as an unknown route does without the token, with a wrong one, or when none is set", async () => {
    const tries = [
      { app: t.app, headers: {} },
      { app: t.app, headers: { authorization: "Bearer not-the-metrics-token-at-all" } },
      { app: t.app, headers: { authorization: `Bearer ${TOKEN}x` } },
      { app: t.app, headers: { authorization: TOKEN } },
      { app: t.app, headers: { authorization: `Basic ${TOKEN}` } },
      { app: untokened.app, headers: { authorization: `Bearer ${TOKEN}` } },
      { app: untokened.app, headers: {} },
    ];
    for (const { app, headers } of tries) {
      const response = await app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.json()).toEqual(unknownRoute);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("times requests by route pattern, method and status", async () => {
    const book = await createBook(t.database.db);
    expect((await http.get(`/api/books/get?bookId=${book.id}`)).status).toBe(200);
    const cover = await t.app.inject({ method: "GET", url: `/api/books/${book.id}/cover` });
    await t.app.inject({ method: "GET", url: "/api/no/such/route" });
    await t.app.inject({ method: "GET", url: "/api/health" });
    const samples = await scrape();
    const count = (labels: Record<string, string>) =>
      valueOf(samples, "folio_http_request_duration_seconds_count", labels);
    expect(count({ method: "GET", route: "/api/books/get", status_code: "200" })).toBeGreaterThan(
      0,
    );
    expect(
      count({
        method: "GET",
        route: "/api/books/:id/cover",
        status_code: String(cover.statusCode),
      }),
    ).toBe(1);
    expect(count({ route: "unmatched", status_code: "404" })).toBeGreaterThan(0);
    expect(count({ route: "/api/health", status_code: "200" })).toBe(1);
    // No series names a path with an id in it.
    expect(samples.some((sample) => sample.labels.route?.includes(String(book.id)))).toBe(false);
    const buckets = samples
      .filter((sample) => sample.name === "folio_http_request_duration_seconds_bucket")
      .map((sample) => sample.labels.le);
    expect(buckets).toContain("0.005");
    expect(buckets).toContain("10");
  });

  it("counts open loans and waiting and ready holds", async () => {
    const before = await scrape();
    const book = await createBook(t.database.db, { copies: 1 });
    const [first, second, third] = [await reader(), await reader(), await reader()];
    expect((await borrow(first, book.id)).status).toBe(200);
    expect((await http.post("/api/holds/place", { bookId: book.id }, second.token)).status).toBe(
      200,
    );
    expect((await http.post("/api/holds/place", { bookId: book.id }, third.token)).status).toBe(
      200,
    );
    const lent = await scrape();
    const change = (samples: Sample[], name: string, labels?: Record<string, string>) =>
      (valueOf(samples, name, labels) ?? NaN) - (valueOf(before, name, labels) ?? NaN);
    expect(change(lent, "folio_loans_open")).toBe(1);
    expect(change(lent, "folio_holds_open", { state: "waiting" })).toBe(2);
    expect(change(lent, "folio_holds_open", { state: "ready" })).toBe(0);

    // The copy comes back and is kept for the first in the queue.
    expect((await http.post("/api/borrow/return", { bookId: book.id }, first.token)).status).toBe(
      200,
    );
    const returned = await scrape();
    expect(change(returned, "folio_loans_open")).toBe(0);
    expect(change(returned, "folio_holds_open", { state: "waiting" })).toBe(1);
    expect(change(returned, "folio_holds_open", { state: "ready" })).toBe(1);
  });

  it("shows the unsent mails and how long the oldest has waited", async () => {
    // Nothing sends in this file: the delivery worker is never started.
    const before = await scrape();
    await reader();
    t.clock.advance(90_000);
    const after = await scrape();
    expect(valueOf(after, "folio_outbox_unsent_mails")).toBe(
      (valueOf(before, "folio_outbox_unsent_mails") ?? NaN) + 1,
    );
    expect(valueOf(after, "folio_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(90);
  });

  it("shows when each scheduled job last ran", async () => {
    const before = await scrape();
    expect(valueOf(before, "folio_scheduler_last_run_timestamp_seconds")).toBeUndefined();
    // Starting runs the catch-up sweep, the recent-loans refresh and the upload sweep at once;
    // stopping waits for them.
    t.scheduler.start();
    await t.scheduler.stop();
    const after = await scrape();
    const now = t.clock.now().getTime() / 1000;
    for (const job of ["loan_sweep", "nightly_maintenance", "upload_sweep"]) {
      expect(valueOf(after, "folio_scheduler_last_run_timestamp_seconds", { job }), job).toBe(now);
      // Alone on its database, this process took every job's lock.
      expect(valueOf(after, "folio_scheduler_last_ran_here_timestamp_seconds", { job })).toBe(now);
      expect(valueOf(after, "folio_scheduler_failures_total", { job })).toBe(0);
    }
  });

  it("shows the process's memory, CPU, event loop and database connections", async () => {
    const samples = await scrape();
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(valueOf(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    const connections = samples.filter((sample) => sample.name === "folio_db_pool_connections");
    expect(connections.length).toBeGreaterThan(0);
    if (t.database.kind === "postgres") {
      expect(valueOf(samples, "folio_db_pool_waiting_queries", { pool: "main" })).toBe(0);
      expect(valueOf(samples, "folio_db_pool_connections", { pool: "main" })).toBeGreaterThan(0);
    } else {
      expect(connections).toEqual([
        { name: "folio_db_pool_connections", labels: { pool: "embedded" }, value: 1 },
      ]);
    }
  });

  it("leaves out a gauge whose read fails, and still answers the rest", async () => {
    await t.database.db.execute(sql`alter table outbox rename to outbox_moved_away`);
    let samples: Sample[];
    try {
      samples = await scrape();
    } finally {
      await t.database.db.execute(sql`alter table outbox_moved_away rename to outbox`);
    }
    for (const metric of ["folio_outbox_unsent_mails", "folio_outbox_oldest_unsent_age_seconds"]) {
      expect(valueOf(samples, metric), metric).toBeUndefined();
      expect(valueOf(samples, "folio_metrics_read_errors_total", { metric })).toBe(1);
    }
    expect(valueOf(samples, "folio_loans_open")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    // Back again on the next scrape.
    expect(valueOf(await scrape(), "folio_outbox_unsent_mails")).toBeDefined();
  });
});

type ReadyAnswer = { state: string; code?: string; message?: string; checks: ReadinessChecks };

const ready = async () => {
  const started = performance.now();
  const response = await t.app.inject({ method: "GET", url: "/api/ready" });
  return {
    status: response.statusCode,
    body: response.json<ReadyAnswer>(),
    seconds: (performance.now() - started) / 1000,
  };
};

describe("GET /api/ready", () => {
  it("is ready when the database, its migrations and the content store answer", async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      state: "success",
      checks: { database: "ok", migrations: "ok", contentStore: "ok" },
    });
  });

  it("is not ready while a committed migration is not applied", async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`,
    );
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        state: "error",
        code: "NOT_READY",
        message: "Not ready: the database's migrations are not all applied.",
        checks: { database: "ok", migrations: "failed", contentStore: "ok" },
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("is not ready while the content folder cannot be used", async () => {
    // A regular file where the content folder should be: the folder can be neither made nor used.
    const root = path.join(t.dataDir, "content");
    await rm(root, { recursive: true, force: true });
    await writeFile(root, "not a folder");
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe("Not ready: the content store cannot be reached.");
      expect(answer.body.checks).toEqual({
        database: "ok",
        migrations: "ok",
        contentStore: "failed",
      });
    } finally {
      await rm(root, { force: true });
    }
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 within seconds when the database hangs, rather than hanging too", async () => {
    // A real hang: PGlite answers one statement at a time, so an open transaction holds up every
    // other; on PostgreSQL a lock on the migrations table holds up the migrations check.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      if (testDatabaseKind() === "postgres")
        await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      holding();
      await held;
    });
    await taken;
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.migrations).toBe("failed");
      expect(answer.seconds).toBeLessThan(5);
    } finally {
      release();
      await holder;
    }
    expect((await ready()).status).toBe(200);
  });
});
