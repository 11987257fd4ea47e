// What the database holds, read from PostgreSQL's own catalogue rather than listed by hand: the
// tables with their columns and keys, the order foreign keys allow them to be loaded in, the id
// sequences, and the migrations applied. Backup and restore both work from this.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { tableOwners } from "../db/owners";
import { BackupError, type AppliedMigration, type SequenceState, type TableLayout } from "./format";

/** A table as the backup reads it: its layout, and which columns travel as text to stay exact. */
export interface TableRead extends TableLayout {
  /** bigint and numeric: JSON numbers would round them */
  textColumns: string[];
}

/** The committed migrations: in the source tree beside db/, in the built server beside main.js. */
export function migrationsFolder(): string {
  const candidates = ["../db/migrations/", "./migrations/"].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((folder) => existsSync(`${folder}meta/_journal.json`));
  if (!found) throw new Error(`No migrations found at ${candidates.join(" or ")}`);
  return found;
}

/** This build's migrations in order, with the hash drizzle records for each. */
export function buildMigrations(): AppliedMigration[] {
  // drizzle-orm/migrator reads the same journal and hashes each file the same way.
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(`${folder}meta/_journal.json`, "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    hash: sha256(readFileSync(`${folder}${entry.tag}.sql`, "utf8")),
    createdAt: entry.when,
  }));
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The migrations the database has applied, oldest first; empty when it was never set up. */
export async function appliedMigrations(db: Executor): Promise<AppliedMigration[]> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  const rows = await queryRows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  const tags = new Map(buildMigrations().map((m) => [m.hash, m.tag]));
  return rows.map((row) => ({
    tag: tags.get(row.hash) ?? null,
    hash: row.hash,
    createdAt: Number(row.created_at),
  }));
}

/**
 * Where `applied` stands against this build: how many of this build's migrations it has, or a
 * sentence saying why it is not a beginning of them (a newer build's, or a changed file).
 */
export function migrationsPrefix(
  applied: AppliedMigration[],
  build: AppliedMigration[],
): { count: number } | { problem: string } {
  for (const [i, migration] of applied.entries()) {
    const ours = build[i];
    if (!ours)
      return {
        problem: `it has ${applied.length} migrations and this build of Folio only ${build.length}: it comes from a newer version`,
      };
    if (ours.hash !== migration.hash)
      return {
        problem: `its migration ${i + 1} (${migration.tag ?? "unknown to this build"}) is not this build's ${ours.tag ?? ""}`,
      };
  }
  return { count: applied.length };
}

/** Every table of the shop, in an order that inserts each after the tables it refers to. */
export async function tableLayouts(db: Executor): Promise<TableRead[]> {
  const columns = await queryRows<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", a.atttypid::regtype::text as "type"
        from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i join pg_class c on c.oid = i.indrelid
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and c.relnamespace = current_schema()::regnamespace
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ table: string; references: string }>(
    db,
    sql`select c.relname as "table", r.relname as "references"
        from pg_constraint k join pg_class c on c.oid = k.conrelid
        join pg_class r on r.oid = k.confrelid
        where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`,
  );
  const tables = new Map<string, TableRead>();
  for (const { table, column, type } of columns) {
    const layout = tables.get(table) ?? {
      name: table,
      columns: [],
      primaryKey: [],
      textColumns: [],
    };
    layout.columns.push(column);
    if (type === "bigint" || type === "numeric") layout.textColumns.push(column);
    tables.set(table, layout);
  }
  for (const { table, column } of keys) tables.get(table)?.primaryKey.push(column);

  const unknown = [...tables.keys()].filter((name) => !(name in tableOwners));
  if (unknown.length > 0)
    throw new BackupError(
      `The database has tables this build of Folio does not know (${unknown.join(", ")}), so it cannot back them up. Use the build that made them.`,
    );
  const keyless = [...tables.values()].filter((t) => t.primaryKey.length === 0);
  if (keyless.length > 0)
    throw new BackupError(`Tables without a primary key: ${keyless.map((t) => t.name).join(", ")}`);
  return loadOrder(
    [...tables.values()],
    references.map((r) => [r.table, r.references] as const),
  );
}

/**
 * Tables sorted so each comes after every table it has a foreign key to. A table's key to itself
 * (a refund naming an earlier charge) needs no order between tables: rows go in key order.
 */
export function loadOrder<T extends { name: string }>(
  tables: T[],
  references: readonly (readonly [string, string])[],
): T[] {
  const pending = new Map(tables.map((t) => [t.name, t]));
  const needs = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const [table, referenced] of references)
    if (table !== referenced && pending.has(referenced)) needs.get(table)?.add(referenced);
  const ordered: T[] = [];
  while (pending.size > 0) {
    // Alphabetical among the ready ones, so the same database always gives the same file.
    const ready = [...pending.keys()]
      .filter((name) => [...needs.get(name)!].every((n) => !pending.has(n)))
      .sort();
    if (ready.length === 0)
      throw new BackupError(
        `The foreign keys between ${[...pending.keys()].join(", ")} go round in a circle, so no order loads them.`,
      );
    for (const name of ready) {
      ordered.push(pending.get(name)!);
      pending.delete(name);
    }
  }
  return ordered;
}

/** Each id sequence (serial and bigserial columns) with the table and column it numbers. */
export async function sequencesOf(db: Executor): Promise<(SequenceState & { sequence: string })[]> {
  const owned = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column",
          pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as "sequence"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid
        where n.oid = current_schema()::regnamespace and c.relkind in ('r', 'p')
          and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null
        order by c.relname, a.attnum`,
  );
  const states = [];
  for (const { table, column, sequence } of owned) {
    // The name comes from PostgreSQL itself, already quoted where it needs to be.
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.raw(sequence)}`,
    );
    states.push({
      table,
      column,
      sequence,
      lastValue: state!.last_value,
      isCalled: state!.is_called,
    });
  }
  return states;
}
