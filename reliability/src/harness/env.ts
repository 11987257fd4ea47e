import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The built server, started as `npm start` starts it. */
export const serverEntry = fileURLToPath(new URL("../../../server/dist/main.js", import.meta.url));

/** The built web app, so that page headers are checked on the real index.html. */
export const webDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** A PostgreSQL server on which the suite may create and drop its own databases. */
export const adminDatabaseUrl = (): string =>
  process.env.RELIABILITY_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** Seconds each load phase lasts; 30 unless RELIABILITY_LOAD_SECONDS says otherwise. */
export const loadSeconds = (): number => Number(process.env.RELIABILITY_LOAD_SECONDS ?? 30);

/** Where each scenario leaves its figures for the report printed at the end. */
export const reportDir = (): string =>
  process.env.RELIABILITY_REPORT_DIR ?? fileURLToPath(new URL("../../.report", import.meta.url));
