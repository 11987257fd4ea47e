import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { invariantChecks } from "../../../server/src/db/invariants";
import { adminDatabaseUrl } from "./env";

export type Rows = Record<string, unknown>[];

/** Anything that can run a SQL text and answer its rows. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** A fresh PostgreSQL database of its own, dropped by `drop`. */
export class PostgresDatabase implements Sql {
  private pool: pg.Pool | null = null;

  private constructor(
    readonly name: string,
    readonly url: string,
  ) {}

  /** An empty database, or a copy of `template` (the seeded shop, harness/shop.ts). */
  static async create(template?: string): Promise<PostgresDatabase> {
    const name = `folio_rel_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${name}`;
    return new PostgresDatabase(name, url.toString());
  }

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    this.pool ??= PostgresDatabase.pool(this.url);
    const result = await this.pool.query(text, params);
    return result.rows as T[];
  }

  private static pool(url: string): pg.Pool {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    // `end()` resolves before its idle connections have closed; the drop that follows ends any
    // still open (57P01), which the pool reports as an error of an idle client. Any other such
    // error fails the next query anyway.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") console.warn(`an idle connection to ${url} failed:`, error);
    });
    return pool;
  }

  async drop(): Promise<void> {
    await this.pool?.end();
    this.pool = null;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${this.name} with (force)`);
    } finally {
      await admin.end();
    }
  }
}

/** A data directory for the embedded database; open it only while no server has it. */
export class PgliteDirectory {
  private constructor(readonly dataDir: string) {}

  /** An empty data directory, or one holding a copy of what `from` holds (harness/shop.ts). */
  static async create(from?: string): Promise<PgliteDirectory> {
    const dir = await mkdtemp(path.join(tmpdir(), "folio-rel-"));
    if (from) await cp(from, dir, { recursive: true });
    return new PgliteDirectory(dir);
  }

  /** Opens the server's database (DATA_DIR/pglite) in this process, runs `work`, closes it. */
  async with<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const db = await PGlite.create({
      dataDir: path.join(this.dataDir, "pglite"),
      extensions: { pg_trgm },
    });
    try {
      return await work({
        query: async <R>(text: string, params: unknown[] = []) =>
          (await db.query<R>(text, params)).rows,
      });
    } finally {
      await db.close();
    }
  }

  async remove(): Promise<void> {
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** The rules of server/src/db/invariants.ts that the database breaks; empty when all hold. */
export async function brokenInvariants(sql: Sql): Promise<string[]> {
  const problems: string[] = [];
  for (const check of invariantChecks) {
    const rows = await sql.query<{ problem: string }>(check.sql);
    problems.push(...rows.map((row) => `${check.rule}: ${row.problem}`));
  }
  return problems;
}
