import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKind, testDatabaseUrl, withDatabaseName } from "./test/database-url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", PORT: "0", LOG_LEVEL: "info", ...env },
  });
}

function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

/** Resolves with the address once `processes` server processes have logged that they listen. */
function listeningAddress(child: ChildProcessWithoutNullStreams, processes = 1): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const matches = [...out.matchAll(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/g)];
      if (matches.length >= processes) resolve(matches[0]![1]!);
    });
    child.on("exit", (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${out}`)),
    );
  });
}

/** /api/health over a new TCP connection, so the cluster may hand it to another process. */
function healthOnFreshConnection(base: string, probe: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/health?probe=${probe}`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      })
      .on("error", reject);
  });
}

/**
 * The process that answered a probe, from its own request log (health tells strangers no
 * process id): every log line carries the pid of the process that wrote it.
 */
async function pidThatAnswered(log: () => string, probe: number): Promise<number> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const line = log()
      .split("\n")
      .find((l) => l.includes(`"url":"/api/health?probe=${probe}"`));
    if (line) return (JSON.parse(line) as { pid: number }).pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no process logged probe ${probe}`);
}

/** A new, empty database of the kind this test run is on. */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (testDatabaseKind() === "pglite") return {};
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  const name = `folio_main_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: testDatabaseUrl() });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { DATABASE_URL: withDatabaseName(testDatabaseUrl(), name) };
}

describe("the server process", () => {
  it("refuses to start on a bad setting, naming it", async () => {
    const { code, stderr } = await exitOf(startServer({ PORT: "eighty", DATA_DIR: tmpdir() }));
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toContain("PORT:");
  });

  it("stops a cluster with a message when its database cannot be prepared, starting no worker", async () => {
    const child = startServer({
      DATA_DIR: tmpdir(),
      // Nothing listens on port 1: the preparing process cannot connect.
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/folio",
      WORKERS: "2",
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const { code, stderr } = await exitOf(child);
    expect(code).toBe(1);
    expect(stderr).toContain("Folio could not start");
    expect(stderr).toContain("preparing the database failed");
    expect(out).not.toContain("Server listening");
  }, 30_000);

  it("starts on an empty database, migrates and seeds it, serves, and stops cleanly on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "folio-main-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const onPostgres = testDatabaseKind() === "postgres";
    // On PostgreSQL the server runs a process per core; two here, to see both answer.
    const child = startServer({
      DATA_DIR: dataDir,
      ...(await emptyDatabase()),
      ...(onPostgres ? { WORKERS: "2" } : {}),
    });
    const exited = exitOf(child);
    let log = "";
    child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const base = await listeningAddress(child, onPostgres ? 2 : 1);

    const health = (await (await fetch(`${base}/api/health`)).json()) as { state: string };
    expect(health.state).toBe("success");
    const popular = (await (await fetch(`${base}/api/books/popular?page=1&pageSize=5`)).json()) as {
      bookId: number[];
    };
    expect(popular.bookId).toHaveLength(5);
    const epubs = await readdir(path.join(dataDir, "content", "books"));
    expect(epubs.length).toBeGreaterThanOrEqual(120);
    if (onPostgres) {
      const pids = new Set<number>();
      for (let i = 0; i < 40 && pids.size < 2; i += 1) {
        await healthOnFreshConnection(base, i);
        pids.add(await pidThatAnswered(() => log, i));
      }
      expect(pids.size).toBe(2);
    }

    child.kill("SIGTERM");
    const { code } = await exited;
    expect(code).toBe(0);
  }, 60_000);
});
