// A backup of the whole shop: every table, read in one snapshot, then every object of the
// content store, into one file (format.ts). On PostgreSQL the shop may go on serving meanwhile.
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle, type Executor } from "../db/client";
import type { ContentStore } from "../storage/content-store";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupHeader,
  type Trailer,
} from "./format";
import { appliedMigrations, sequencesOf, tableLayouts, type TableRead } from "./layout";
import { LineWriter } from "./lines";

/** Rows a line: big enough that a million books is a few hundred lines, small enough to hold. */
const ROWS_PER_BATCH = 2000;

export interface BackupSummary {
  tables: number;
  rows: number;
  contentObjects: number;
  contentBytes: number;
}

export interface BackupOptions {
  database: DatabaseHandle;
  content: ContentStore;
  file: string;
  /** a line of progress for the operator */
  report?: (line: string) => void;
}

export async function writeBackup(options: BackupOptions): Promise<BackupSummary> {
  const { database, content, file, report = () => undefined } = options;
  const out = new LineWriter(file);
  try {
    // Repeatable read: every table as it stood at one moment, whatever the shop does meanwhile.
    const summary = await database.db.transaction(
      (tx) => writeAll(tx, database.kind, content, out, report),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    await out.finish();
    return summary;
  } catch (error) {
    await out.abandon();
    throw error;
  }
}

async function writeAll(
  tx: Executor,
  kind: DatabaseHandle["kind"],
  content: ContentStore,
  out: LineWriter,
  report: (line: string) => void,
): Promise<BackupSummary> {
  const migrations = await appliedMigrations(tx);
  if (migrations.length === 0)
    throw new BackupError(
      "This database holds no Folio shop (it was never set up): check DATA_DIR or DATABASE_URL.",
    );
  const tables = await tableLayouts(tx);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: kind,
    migrations,
    tables: tables.map(({ name, columns, primaryKey }) => ({ name, columns, primaryKey })),
    sequences: (await sequencesOf(tx)).map(({ table, column, lastValue, isCalled }) => ({
      table,
      column,
      lastValue,
      isCalled,
    })),
  };
  await out.write(header);

  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table.name] = await writeRows(tx, table, out);
    report(`${table.name}: ${counts[table.name]} rows`);
  }
  const { objects, bytes } = await writeContent(tx, content, out);
  report(`content: ${objects} objects, ${bytes} bytes`);

  const trailer: Trailer = { end: true, counts, contentObjects: objects };
  await out.write(trailer);
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { tables: tables.length, rows, contentObjects: objects, contentBytes: bytes };
}

/** One table's rows, in key order, a batch a line; answers how many. */
async function writeRows(tx: Executor, table: TableRead, out: LineWriter): Promise<number> {
  const name = sql.identifier(table.name);
  const order = sql.join(
    table.primaryKey.map((column) => sql`t.${sql.identifier(column)}`),
    sql`, `,
  );
  // The database writes each row's JSON; bigint and numeric as text so no digit is lost.
  // (Names as literals: a DECLARE takes no parameters.)
  const exact = table.textColumns.map(
    (column) =>
      sql`${sql.raw(`'${column.replaceAll("'", "''")}'`)}, t.${sql.identifier(column)}::text`,
  );
  const row =
    exact.length > 0
      ? sql`(to_jsonb(t) || jsonb_build_object(${sql.join(exact, sql`, `)}))::text`
      : sql`to_jsonb(t)::text`;
  // A cursor reads the table a batch at a time within the snapshot, never all of it at once.
  await tx.execute(
    sql`declare folio_backup_rows no scroll cursor for select ${row} as row from ${name} t order by ${order}`,
  );
  let count = 0;
  for (;;) {
    const batch = await queryRows<{ row: string }>(
      tx,
      sql`fetch forward ${sql.raw(String(ROWS_PER_BATCH))} from folio_backup_rows`,
    );
    if (batch.length === 0) break;
    count += batch.length;
    await out.write(
      `{"table":${JSON.stringify(table.name)},"rows":[${batch.map((r) => r.row).join(",")}]}`,
    );
  }
  await tx.execute(sql`close folio_backup_rows`);
  return count;
}

/**
 * Every object of the content store, one a line. An object listed but gone when read was
 * removed meanwhile (an upload swept, a replaced book's old file): that matters only when the
 * snapshot's rows still name it, and then the backup stops rather than leave a book without
 * its file.
 */
async function writeContent(
  tx: Executor,
  content: ContentStore,
  out: LineWriter,
): Promise<{ objects: number; bytes: number }> {
  const keys = (await content.list("")).map((entry) => entry.key).sort();
  let objects = 0;
  let bytes = 0;
  const vanished: string[] = [];
  for (const key of keys) {
    const data = await content.get(key);
    if (!data) {
      vanished.push(key);
      continue;
    }
    await out.write(`{"content":${JSON.stringify(key)},"data":"${data.toString("base64")}"}`);
    objects += 1;
    bytes += data.length;
  }
  const needed = await namedByRows(tx, vanished);
  if (needed.length > 0)
    throw new BackupError(
      `Files changed while the backup ran (${needed.join(", ")} went after the database was read, and a book still uses them). Nothing was written; run the backup again.`,
    );
  return { objects, bytes };
}

/** Of `keys`, those a book of the snapshot names as its EPUB or cover. */
async function namedByRows(tx: Executor, keys: string[]): Promise<string[]> {
  const named: string[] = [];
  for (const key of keys) {
    const file = /^books\/(\d+)(?:-v(\d+))?\.epub$/.exec(key);
    const [used] = file
      ? await queryRows<{ n: number }>(
          tx,
          sql`select 1 as n from books where id = ${Number(file[1])} and content_version = ${Number(file[2] ?? 0)}`,
        )
      : await queryRows<{ n: number }>(tx, sql`select 1 as n from books where cover_key = ${key}`);
    if (used) named.push(key);
  }
  return named;
}
