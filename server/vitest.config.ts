import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Server tests run against a real database: PGlite by default, PostgreSQL with TEST_DB=postgres
// (and TEST_DATABASE_URL). Both start from a snapshot migrated and seeded once per run.
const onPostgres = process.env.TEST_DB === "postgres";

/**
 * Which tests also run on the embedded database (docs/decisions/032-test-legs.md). PostgreSQL
 * runs every test; PGlite runs the tests of the embedded path, chosen by where a test lives and
 * what it says, never by a list to keep:
 *  1. the embedded database's own code: the connection and transaction layer, kept and prepared
 *     reads, the data-directory lock (`src/db`), backup and restore (`src/backup`), migrations
 *     and the seed (`src/seed`);
 *  2. every test of a feature whose code keeps reads until the next write on the embedded
 *     database (`keepUntilWrite`, decision 012), the one place where the same SQL can answer
 *     differently there;
 *  3. any test that asks which database it is on (`testDatabaseKind()`, `database.kind`): it
 *     asserts something that differs between them (start-up, metrics, the admin command).
 */
const EMBEDDED_FOLDERS = ["src/db/", "src/backup/", "src/seed/"];
const ASKS_WHICH_DATABASE = /testDatabaseKind\(\)|database\.kind\b/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) =>
    path.join(folder, file).split(path.sep).join("/"),
  );
}

function embeddedPathTests(): string[] {
  const files = filesUnder("src");
  const keepsReads = new Set(
    files
      .filter((file) => /^src\/features\/[^/]+\/.*\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .filter((file) => readFileSync(file, "utf8").includes("keepUntilWrite"))
      .map((file) => file.split("/").slice(0, 3).join("/") + "/"),
  );
  return files
    .filter((file) => file.endsWith(".test.ts"))
    .filter(
      (file) =>
        EMBEDDED_FOLDERS.some((folder) => file.startsWith(folder)) ||
        [...keepsReads].some((folder) => file.startsWith(folder)) ||
        ASKS_WHICH_DATABASE.test(readFileSync(file, "utf8")),
    );
}

export default defineConfig({
  test: {
    name: onPostgres ? "server:postgres" : "server:pglite",
    include:
      onPostgres || process.env.TEST_ALL_ON_PGLITE ? ["src/**/*.test.ts"] : embeddedPathTests(),
    globalSetup: ["src/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // The files of a worker share its modules (the app's imports load once per worker, not once
    // per file: the PostgreSQL leg 164 s down to 118 s). Each file still has its own database
    // and app; nothing here mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
