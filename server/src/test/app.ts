import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { loadConfig, type Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { FileContentStore } from "../features/reading/content-store";
import { openTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  content: FileContentStore;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the seeded database, driven with app.inject. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "folio-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SECRET: "test-secret-that-is-at-least-32-characters",
    WEB_DIST: path.join(dataDir, "no-web"),
    ...env,
  });
  const database = await openTestDatabase();
  const content = new FileContentStore(path.join(dataDir, "content"));
  const app = await buildApp({ config, database, content });
  return {
    app,
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
