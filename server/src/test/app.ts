import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "../app";
import { ManualClock } from "../clock";
import type { AppContext } from "../context";
import type { MailDelivery } from "../features/notifications";
import type { Scheduler } from "../jobs/scheduler";
import { loadConfig, type Config } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { contentStoreOf } from "../storage/configured-store";
import type { ContentStore } from "../storage/content-store";
import { openTestDatabase } from "./database";
import { perFile } from "./per-file";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailDelivery: MailDelivery;
  scheduler: Scheduler;
  clock: ManualClock;
  database: DatabaseHandle;
  config: Config;
  content: ContentStore;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh copy of the seeded database, driven with app.inject. Its content store
 * is the one `env` names: a folder in its data directory, or a bucket (test/s3.ts gives its env).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, "mailTransport" | "logDestination" | "eventHandlers"> & {
    shareDatabaseWith?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "folio-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SECRET: "test-secret-that-is-at-least-32-characters",
    WEB_DIST: path.join(dataDir, "no-web"),
    TIME_ZONE: "Europe/London",
    PUBLIC_URL: "http://shop.test",
    // Every injected request comes from 127.0.0.1; the rate-limit tests turn it back on.
    AUTH_RATE_LIMIT: "0",
    // Thousands of accounts: scrypt at the shop's cost would spend minutes (config.test.ts
    // checks the shop's own cost).
    PASSWORD_HASH_COST: "10",
    ...env,
  });
  const database = deps.shareDatabaseWith
    ? await secondHandle(deps.shareDatabaseWith.database)
    : await openTestDatabase();
  const content = contentStoreOf(config);
  // Tests move time by hand; it starts at the real now so database defaults agree with it.
  const clock = new ManualClock(new Date());
  const { app, ctx, mailDelivery, scheduler } = await buildApp({
    config,
    database,
    content,
    clock,
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
    ...(deps.logDestination ? { logDestination: deps.logDestination } : {}),
    ...(deps.eventHandlers ? { eventHandlers: deps.eventHandlers } : {}),
  });
  return {
    app,
    ctx,
    mailDelivery,
    scheduler,
    clock,
    database,
    config,
    content,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app, the one fixture for app + database: made before the file's tests on a
 * fresh copy of the seeded database, closed after them. Its fields are there from the first
 * hook on (`t.app`, `t.ctx`, `t.clock`, …).
 */
export function useTestApp(
  env: Record<string, string> = {},
  deps: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  return perFile(
    "test app",
    () => createTestApp(env, deps),
    (made) => made.close(),
  );
}

/**
 * Another server process's view of the same database: on PostgreSQL its own connection pool
 * (so the two really run at once); PGlite lives in one process, so there it is the same handle.
 */
async function secondHandle(database: DatabaseHandle): Promise<DatabaseHandle> {
  if (database.url) return openDatabase({ databaseUrl: database.url, poolSize: 5 });
  return { ...database, close: async () => undefined };
}
