import { defineConfig } from "vitest/config";

// Server tests run against a real database: PGlite by default, PostgreSQL with TEST_DB=postgres
// (and TEST_DATABASE_URL). Both start from a snapshot migrated and seeded once per run.
export default defineConfig({
  test: {
    name: process.env.TEST_DB === "postgres" ? "server:postgres" : "server:pglite",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
