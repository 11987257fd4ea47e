// `npm test`: every test of the project. Web component tests, server tests on PostgreSQL (all)
// and on PGlite (the embedded path, docs/decisions/032-test-legs.md), then the browser journeys
// in Debian's Chromium, and beside them the reliability scenarios. Ends with the time of each
// leg, the slowest files and journeys (also written to test-times.json), and one summary line.
// docs/testing.md says how the suite is laid out and what it may cost.
//
//   npm test                         every leg
//   npm test -- server e2e           the legs whose names start with these
//   npm run test:reliability -- --long   the reliability scenarios at full length
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium, ensureEpubcheck, ensureJing, ensurePostgres } from "./test-services.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "folio-test-reports-"));
const timesFile = path.join(root, "test-times.json");
const inCi = process.env.CI === "true" || process.env.CI === "1";
const args = process.argv.slice(2);
const long = args.includes("--long");
const only = args.filter((a) => !a.startsWith("--")); // e.g. `npm test -- server e2e`
const wants = (part) => !only.length || only.some((o) => part.startsWith(o));
const started = performance.now();

/** name → { seconds, passed, failed, skipped, files: [{ file, seconds, tests }], journeys } */
const legs = new Map();
const failedLegs = [];

const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Runs one leg. Its output goes to the terminal as it comes, or, with `quietly`, to a file that
 * is printed whole when the leg ends (a leg running beside another would interleave its lines).
 */
async function leg(name, command, commandArgs, { cwd = root, env = {}, report, quietly } = {}) {
  const legStarted = performance.now();
  const logFile = path.join(reports, `${name.replace(/\W/g, "-")}.log`);
  console.log(
    `\n▶ ${name}${quietly ? " (beside another leg; its output follows when it ends)" : ""}`,
  );
  const child = spawn(command, commandArgs, {
    cwd,
    stdio: quietly ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  if (quietly) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const status = await new Promise((resolve) => child.once("close", (code) => resolve(code)));
  const ms = performance.now() - legStarted;
  if (quietly) {
    console.log(`\n▶ ${name}: its output`);
    process.stdout.write(readFileSync(logFile, "utf8"));
  }
  const result = {
    seconds: seconds(ms),
    // When it ran, in seconds from the start of `npm test`: legs beside each other overlap.
    from: seconds(legStarted - started),
    to: seconds(performance.now() - started),
    passed: 0,
    failed: 0,
    skipped: 0,
    files: [],
  };
  if (report && existsSync(report.file)) Object.assign(result, report.read(report.file));
  else if (status !== 0) result.failed = 1;
  if (status !== 0) failedLegs.push(name);
  legs.set(name, result);
  console.log(`◀ ${name}: ${status === 0 ? "passed" : "FAILED"} in ${result.seconds} s`);
  return status === 0;
}

/** A failure's first line, without colours, short enough to read in a summary. */
const firstLine = (text) =>
  String(text ?? "(no message)")
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "(no message)";

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Counts and per-file times from Vitest's JSON report. */
const vitestReport = (file, folder) => ({
  file,
  read: (f) => {
    const r = readJson(f);
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
      files: r.testResults.map((t) => ({
        file: path.relative(root, t.name) || path.join(folder, t.name),
        seconds: seconds(t.endTime - t.startTime),
        tests: t.assertionResults.length,
      })),
      failures: r.testResults.flatMap((t) => {
        const where = path.relative(root, t.name) || path.join(folder, t.name);
        const failed = t.assertionResults
          .filter((a) => a.status === "failed")
          .map((a) => ({ test: `${where} › ${a.fullName}`, why: a.failureMessages?.[0] }));
        // A file that failed outside its tests (an import, a hook, an unhandled error).
        if (!failed.length && t.status === "failed") failed.push({ test: where, why: t.message });
        return failed;
      }),
    };
  },
});

function vitest(name, folder, env = {}, options = {}) {
  const file = path.join(reports, `${name.replace(/\W/g, "-")}.json`);
  return leg(
    name,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    { cwd: path.join(root, folder), env, report: vitestReport(file, folder), ...options },
  );
}

/** Counts, per-file and per-journey times from Playwright's JSON report. */
function playwrightReport(file) {
  return {
    file,
    read: (f) => {
      const r = readJson(f);
      const files = new Map();
      const journeys = [];
      const failures = [];
      const walk = (suite, fileName) => {
        const here = suite.file ?? fileName;
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests ?? []) {
            const ms = (test.results ?? []).reduce((sum, run) => sum + run.duration, 0);
            const journey = `${here} › ${spec.title} [${test.projectName}]`;
            journeys.push({ journey, seconds: seconds(ms) });
            if (test.status === "unexpected")
              failures.push({ test: journey, why: test.results?.at(-1)?.error?.message });
            const entry = files.get(here) ?? { file: `e2e/tests/${here}`, ms: 0, tests: 0 };
            entry.ms += ms;
            entry.tests += 1;
            files.set(here, entry);
          }
        for (const child of suite.suites ?? []) walk(child, here);
      };
      for (const suite of r.suites ?? []) walk(suite, suite.file);
      return {
        passed: r.stats.expected + r.stats.flaky,
        failed: r.stats.unexpected,
        skipped: r.stats.skipped,
        files: [...files.values()].map(({ ms, ...f }) => ({ ...f, seconds: seconds(ms) })),
        journeys,
        failures,
      };
    },
  };
}

function noPostgres(part) {
  if (inCi) {
    console.error(`✖ ${part}: no PostgreSQL server could be found or started, and CI requires it.`);
    failedLegs.push(part);
    legs.set(part, { seconds: 0, passed: 0, failed: 1, skipped: 0, files: [] });
  } else {
    console.warn(`⚠ ${part} skipped: no PostgreSQL server could be found or started.`);
  }
}

if (wants("server")) {
  ensureEpubcheck();
  ensureJing();
}
const browser = wants("e2e") || wants("reliability");
const chromium = wants("e2e") ? ensureChromium() : null;
const postgres = wants("server:postgres") || wants("reliability") ? await ensurePostgres() : null;

try {
  // The build runs beside the web leg (which does not need it). The reliability scenarios run
  // beside the browser journeys: much of their time is waiting (for a minute to turn in the
  // rate-limit checks, for mail to go quiet, for a server to restart), which the journeys fill.
  // Started earlier, beside the server legs, the whole took longer (1,181 s against 1,138 s).
  // Their output is printed whole when they end.
  const build = browser ? leg("build", "npm", ["run", "build"], { quietly: true }) : null;
  // Real server processes under load, crashes, a mail outage, hostile input and access checks,
  // on PostgreSQL and on the embedded database (docs/reliability.md).
  const runReliability = async () => {
    if (!wants("reliability") || !(await build)) return;
    if (!postgres) return noPostgres("reliability");
    await vitest(
      "reliability",
      "reliability",
      { TEST_DATABASE_URL: postgres.url, ...(long ? { RELIABILITY_LONG: "1" } : {}) },
      { quietly: wants("e2e") },
    );
  };

  if (wants("web")) await vitest("web", "web");
  if (wants("server:postgres")) {
    if (postgres)
      await vitest("server:postgres", "server", {
        TEST_DB: "postgres",
        TEST_DATABASE_URL: postgres.url,
      });
    else noPostgres("server:postgres");
  }
  if (wants("server:pglite")) await vitest("server:pglite", "server");
  const reliability = runReliability();

  if (wants("e2e") && (await build)) {
    const file = path.join(reports, "e2e.json");
    await leg("e2e", "npx", ["playwright", "test", "--reporter=list,json"], {
      cwd: path.join(root, "e2e"),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium },
      report: playwrightReport(file),
    });
  }
  await reliability;
} finally {
  postgres?.stop();
}

await summarise();
rmSync(reports, { recursive: true, force: true });
process.exit(failedLegs.length ? 1 : 0);

/** Prints each leg's time, the slowest files and journeys, and writes them to test-times.json. */
async function summarise() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const allFiles = [];
  const journeys = [];
  for (const [name, result] of legs) {
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    allFiles.push(...result.files.map((f) => ({ leg: name, ...f })));
    journeys.push(...(result.journeys ?? []));
  }
  const slowest = (list, n = 10) => [...list].sort((a, b) => b.seconds - a.seconds).slice(0, n);
  const wall = seconds(performance.now() - started);
  const summary = {
    finishedAt: new Date().toISOString(),
    wallSeconds: wall,
    legs: Object.fromEntries(
      [...legs].map(([name, r]) => [
        name,
        {
          seconds: r.seconds,
          from: r.from,
          to: r.to,
          passed: r.passed,
          failed: r.failed,
          skipped: r.skipped,
          failures: (r.failures ?? []).map(({ test, why }) => ({ test, why: firstLine(why) })),
        },
      ]),
    ),
    slowestFiles: slowest(allFiles),
    slowestJourneys: slowest(journeys),
    files: allFiles,
  };
  await writeFile(timesFile, `${JSON.stringify(summary, null, 2)}\n`);

  console.log(`\nTime per leg (${wall} s in all; the span is when it ran, from the start):`);
  for (const [name, r] of legs)
    console.log(
      `  ${name.padEnd(16)} ${String(r.seconds).padStart(7)} s  (${r.from ?? 0}–${r.to ?? 0} s)  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
    );
  console.log("\nThe ten slowest test files:");
  for (const f of summary.slowestFiles)
    console.log(`  ${String(f.seconds).padStart(7)} s  ${f.leg.padEnd(16)} ${f.file} (${f.tests})`);
  if (journeys.length) {
    console.log("\nThe ten slowest journeys:");
    for (const j of summary.slowestJourneys)
      console.log(`  ${String(j.seconds).padStart(7)} s  ${j.journey}`);
  }
  console.log(`\n(all of it in ${path.relative(root, timesFile)})`);
  if (failedLegs.length) {
    console.error(`\nFailed: ${failedLegs.join(", ")}`);
    // Named again here, at the end, where a log cut short to its tail still shows them.
    for (const [name, r] of legs)
      for (const { test, why } of r.failures ?? [])
        console.error(`  ✖ ${name}: ${test}\n      ${firstLine(why)}`);
  }
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
}
