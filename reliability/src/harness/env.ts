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

/**
 * The long run (`npm run test:reliability -- --long`, RELIABILITY_LONG=1): every scenario at full
 * length, as docs/reliability.md describes it. `npm test` runs each one's short version: the same
 * steps and assertions with fewer readers, shorter load windows and fewer fuzz runs.
 */
export const longRun = (): boolean => process.env.RELIABILITY_LONG === "1";

/** `short` in `npm test`, `long` in the long run. */
export const scaled = <T>(short: T, long: T): T => (longRun() ? long : short);

/** Seconds each load phase lasts: 30 in the long run, 8 in `npm test`; RELIABILITY_LOAD_SECONDS sets it. */
export const loadSeconds = (): number =>
  Number(process.env.RELIABILITY_LOAD_SECONDS ?? scaled(8, 30));

/** Where each scenario leaves its figures for the report printed at the end. */
export const reportDir = (): string =>
  process.env.RELIABILITY_REPORT_DIR ?? fileURLToPath(new URL("../../.report", import.meta.url));
