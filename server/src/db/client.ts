import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Config } from "../config";
import * as schema from "./schema";
import { pgliteDirOf } from "./pglite-dir";
import { lockPgliteDir } from "./pglite-lock";
import { preparingReads } from "./prepared-reads";
import { WriteCount, watchWrites } from "./writes";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database itself, when that is what this is (tests dump it as a snapshot). */
  pglite?: PGlite;
  /** The connection string, when this is a PostgreSQL server. */
  url?: string;
  /** How full each connection pool is now (the metrics show it). */
  poolUse(): PoolUse[];
}

/** One pool's connections; PGlite has one connection and no queue it tells of. */
export interface PoolUse {
  pool: string;
  total: number;
  idle?: number;
  /** queries waiting for a connection */
  waiting?: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; without it (and without loadDataDir) PGlite lives in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data-directory dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

// Beside this file in the source tree, and copied beside main.js by the build.
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** One per batched read (each keeps one read in flight): books, sessions, carts, wishlists. */
const KEY_READ_CONNECTIONS = 4;

/**
 * PGlite's page cache, inside its WebAssembly memory. Its default, 128 MB, is resident from the
 * start (about 120 MB of the server's idle memory) and is never given back; the operating
 * system caches the data files below it anyway. See docs/performance.md, "Idle memory".
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/** Any advisory-lock key will do as long as every process uses the same one. */
const MIGRATION_LOCK_KEY = 727_001;

/** The database the configuration names: DATABASE_URL's PostgreSQL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config.dataDir),
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

/**
 * The key-read client as the compiler sees it: selects only. Its pool is
 * set to plan every statement once for any keys, which suits reads by key and nothing else, and
 * a write sent there would skip the write count PGlite's kept reads rely on (writes.ts).
 */
export type KeyReads = Pick<Database, "select">;

const writeCounts = new WeakMap<Database, WriteCount>();
const keyReaders = new WeakMap<Database, Database>();

/**
 * Where the batched reads by key (a book by id, a session or a list by token hash) run, each
 * statement parsed and planned once (decision 013): on PostgreSQL a small pool of its own
 * (`plan_cache_mode = force_generic_plan`), on PGlite the same client preparing them
 * (prepared-reads.ts).
 */
export function keyReadsOf(db: Database): KeyReads {
  return keyReaders.get(db) ?? db;
}

/** The embedded database's count of writes (see writes.ts); PostgreSQL has none. */
export function writesOf(db: Database): WriteCount | undefined {
  return writeCounts.get(db);
}

async function openPglite(
  dir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const release = dir ? lockPgliteDir(dir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    release();
    throw error;
  }
  const writes = new WriteCount();
  const db = drizzlePglite({ client: watchWrites(client, writes), schema });
  writeCounts.set(db, writes);
  // Reads only, so past the write count: they never move it.
  keyReaders.set(db, drizzlePglite({ client: preparingReads(client), schema }));
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      release();
    },
    pglite: client,
    poolUse: () => [{ pool: "embedded", total: 1 }],
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  // PostgreSQL plans a prepared statement afresh on every execution while its plan for the
  // actual values looks cheaper than the generic one; for `key = any($1)` it always does
  // (1 key against a guessed 10), and planning the book or list read costs twice running it.
  // A lookup by key has one good plan whatever the keys, so these connections keep it.
  const keyPool = new pg.Pool({
    connectionString,
    max: KEY_READ_CONNECTIONS,
    options: "-c plan_cache_mode=force_generic_plan",
  });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  keyPool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema });
  keyReaders.set(db, drizzlePg({ client: keyPool, schema }));
  return {
    db: db as unknown as Database,
    kind: "postgres",
    url: connectionString,
    migrate: async () => {
      // One connection holds the lock for the whole run, so a second process waits, then finds
      // nothing left to apply.
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), keyPool.end()]);
    },
    poolUse: () => [
      { pool: "main", total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      {
        pool: "key-reads",
        total: keyPool.totalCount,
        idle: keyPool.idleCount,
        waiting: keyPool.waitingCount,
      },
    ],
  };
}

let journalTags: Map<number, string> | undefined;

/**
 * The committed migrations this database has not applied, by name. Drizzle's migrator records
 * each applied migration by its journal time (`created_at`), so that is what is compared.
 */
export async function pendingMigrations(db: Executor): Promise<string[]> {
  journalTags ??= new Map(
    (
      JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
        entries: { when: number; tag: string }[];
      }
    ).entries.map((entry) => [entry.when, entry.tag]),
  );
  const applied = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const done = new Set(applied.map((row) => Number(row.created_at)));
  return [...journalTags].filter(([when]) => !done.has(when)).map(([, tag]) => tag);
}

/** A transaction, or the database itself: what a function that only runs queries needs. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
