// `npm test`: every test of the project. Web component tests, server tests on PGlite and on
// PostgreSQL, then the browser journeys in Debian's Chromium. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium, ensureEpubcheck, ensureJing, ensurePostgres } from "./test-services.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "folio-test-reports-"));
const inCi = process.env.CI === "true" || process.env.CI === "1";
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args, { cwd = root, env = {}, report } = {}) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  let counted = false;
  if (report && existsSync(report.file)) {
    const counts = report.read(JSON.parse(readFileSync(report.file, "utf8")));
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    counted = true;
  }
  if (result.status !== 0) {
    failedSteps.push(name);
    if (!counted) totals.failed += 1;
  }
}

const vitestReport = (name) => ({
  file: path.join(reports, `${name}.json`),
  read: (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }),
});
const vitest = (name, cwd, env = {}) => {
  const report = vitestReport(name);
  step(
    name,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report.file}`],
    {
      cwd: path.join(root, cwd),
      env,
      report,
    },
  );
};

vitest("web", "web");
if (!only.length || only.some((o) => o.startsWith("server"))) {
  ensureEpubcheck();
  ensureJing();
}
vitest("server:pglite", "server");

const wants = (part) => !only.length || only.some((o) => part.startsWith(o));
const postgres = wants("server:postgres") || wants("reliability") ? await ensurePostgres() : null;
const noPostgres = (part) => {
  if (inCi) {
    console.error(`✖ ${part}: no PostgreSQL server could be found or started, and CI requires it.`);
    failedSteps.push(part);
    totals.failed += 1;
  } else {
    console.warn(`⚠ ${part} skipped: no PostgreSQL server could be found or started.`);
  }
};

try {
  if (wants("server:postgres")) {
    if (postgres)
      vitest("server:postgres", "server", { TEST_DB: "postgres", TEST_DATABASE_URL: postgres.url });
    else noPostgres("server:postgres");
  }

  if (wants("e2e") || wants("reliability")) step("build", "npm", ["run", "build"]);

  if (wants("e2e")) {
    const chromium = ensureChromium();
    const report = path.join(reports, "e2e.json");
    step("e2e", "npx", ["playwright", "test", "--reporter=list,json"], {
      cwd: path.join(root, "e2e"),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: chromium },
      report: {
        file: report,
        read: (r) => ({
          passed: r.stats.expected + r.stats.flaky,
          failed: r.stats.unexpected,
          skipped: r.stats.skipped,
        }),
      },
    });
  }

  // Real server processes under load, crashes, a mail outage, hostile input and access checks,
  // on PostgreSQL and on the embedded database (docs/reliability.md).
  if (wants("reliability")) {
    if (postgres) vitest("reliability", "reliability", { TEST_DATABASE_URL: postgres.url });
    else noPostgres("reliability");
  }
} finally {
  postgres?.stop();
}

rmSync(reports, { recursive: true, force: true });
if (failedSteps.length) console.error(`\nFailed: ${failedSteps.join(", ")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
