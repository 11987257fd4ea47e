import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { tableOwners } from "../../../server/src/db/owners";
import type { Sql } from "./database";
import { repoRoot } from "./env";

export interface CliOutcome {
  code: number | null;
  /** stdout and stderr together, as an operator would see them */
  output: string;
}

/**
 * One of the server's commands (`server/src/...-cli.ts`) as an operator runs it, straight
 * through tsx as its npm script does, with only the settings given.
 */
export function runServerCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CliOutcome> {
  const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}

/** `npm run backup -- FILE` or `npm run restore -- FILE`, with DATA_DIR and DATABASE_URL. */
export function runBackupCli(
  command: "backup" | "restore",
  file: string,
  env: { DATA_DIR: string; DATABASE_URL?: string },
): Promise<CliOutcome> {
  return runServerCli("server/src/backup/cli.ts", [command, file], env);
}

/** Every table's rows as JSON text, sorted: two shops hold the same rows when these are equal. */
export type TableDump = Record<string, string[]>;

/**
 * Dumps every table of the shop. Runs on one session whose time zone is UTC, so the same
 * instant reads the same on PGlite and on a PostgreSQL server set to another zone.
 */
export async function dumpTables(session: Sql): Promise<TableDump> {
  await session.query("set timezone to 'UTC'");
  const dump: TableDump = {};
  for (const table of Object.keys(tableOwners).sort()) {
    const rows = await session.query<{ row: string }>(
      `select to_jsonb(t)::text as row from "${table}" t`,
    );
    dump[table] = rows.map((r) => r.row).sort();
  }
  return dump;
}

/** One connection to a PostgreSQL database, as `Sql`, for work that needs one session. */
export async function withPostgresSession<T>(
  url: string,
  work: (session: Sql) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work({
      query: async <R>(text: string, params: unknown[] = []) =>
        (await client.query(text, params)).rows as R[],
    });
  } finally {
    await client.end();
  }
}
