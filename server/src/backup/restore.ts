// A backup (format.ts) put back into an empty shop: the database brought to the backup's
// migrations, every row loaded in one transaction, the id sequences where they stood, the
// content objects stored, and only then, once the file's last line has vouched for all of it,
// the transaction committed. A file cut short loads nothing.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { queryRows, type DatabaseHandle, type Executor } from "../db/client";
import { tableOwners } from "../db/owners";
import type { ContentStore } from "../storage/content-store";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupHeader,
  type ContentObject,
  type RowBatch,
  type Trailer,
} from "./format";
import { appliedMigrations, buildMigrations, migrationsFolder, migrationsPrefix } from "./layout";
import { readLines } from "./lines";

/** Tables a migration already fills (its starting row): the backup's rows take their place. */
const FILLED_BY_MIGRATIONS = new Set<string>(["catalogue_version"]);

export interface RestoreOptions {
  database: DatabaseHandle;
  content: ContentStore;
  file: string;
  report?: (line: string) => void;
}

export interface RestoreSummary {
  /** when the backup was made */
  createdAt: string;
  tables: number;
  rows: number;
  contentObjects: number;
}

type Lines = AsyncIterator<{ value: unknown; line: number }>;

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { database, file, report = () => undefined } = options;
  const lines = readLines(file)[Symbol.asyncIterator]();
  try {
    const header = await readHeader(lines, file);
    const build = buildMigrations();
    const backupLevel = migrationsPrefix(header.migrations, build);
    if ("problem" in backupLevel)
      throw new BackupError(
        `This build of Folio cannot restore ${file}: ${backupLevel.problem}. Restore it with the version that made it, or a newer one.`,
      );
    await refuseUnlessEmpty(database.db);
    const targetLevel = migrationsPrefix(await appliedMigrations(database.db), build);
    if ("problem" in targetLevel)
      throw new BackupError(
        `The target database was set up by another version of Folio (${targetLevel.problem}); restore into a new one.`,
      );
    // The rows go into the tables as they were when backed up; the later migrations then change
    // them as they would have changed the original.
    if (targetLevel.count < backupLevel.count) await migrateTo(database, backupLevel.count);
    const loaded = await load({ ...options, header, lines, report });
    await database.migrate();
    return { createdAt: header.createdAt, tables: header.tables.length, ...loaded };
  } finally {
    await lines.return?.(undefined);
  }
}

async function readHeader(lines: Lines, file: string): Promise<BackupHeader> {
  const first = await lines.next();
  const header = first.done ? undefined : (first.value.value as Partial<BackupHeader>);
  if (header?.format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a Folio backup (made by npm run backup).`);
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(
      `${file} is a backup of format version ${header.version}; this build reads version ${BACKUP_VERSION}.`,
    );
  return header as BackupHeader;
}

/** Tables of the shop that hold rows, beyond the rows migrations themselves put there. */
async function tablesWithRows(db: Executor): Promise<string[]> {
  const present = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p')
        order by relname`,
  );
  const filled: string[] = [];
  for (const { name } of present) {
    if (!(name in tableOwners) || FILLED_BY_MIGRATIONS.has(name)) continue;
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(name)}) as any`,
    );
    if (row?.any) filled.push(name);
  }
  return filled;
}

async function refuseUnlessEmpty(db: Executor): Promise<void> {
  const filled = await tablesWithRows(db);
  if (filled.length > 0)
    throw new BackupError(
      `The target already holds a shop (there are rows in ${filled.join(", ")}). A backup is restored only into an empty one: a new DATA_DIR, or a new PostgreSQL database. Nothing was changed.`,
    );
}

/**
 * Applies this build's first `count` migrations only: drizzle applies every migration its
 * folder's journal lists, so it is given a copy whose journal stops there.
 */
export async function migrateTo(database: DatabaseHandle, count: number): Promise<void> {
  const source = migrationsFolder();
  const folder = await mkdtemp(path.join(tmpdir(), "folio-migrations-"));
  try {
    const journal = JSON.parse(await readFile(`${source}meta/_journal.json`, "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, count);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      await copyFile(`${source}${tag}.sql`, path.join(folder, `${tag}.sql`));
    if (database.kind === "pglite")
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

interface Load {
  database: DatabaseHandle;
  content: ContentStore;
  file: string;
  header: BackupHeader;
  lines: Lines;
  report: (line: string) => void;
}

async function load(work: Load): Promise<{ rows: number; contentObjects: number }> {
  // Objects this restore added to the store, taken away again if the database part rolls back.
  const added: string[] = [];
  try {
    return await work.database.db.transaction((tx) => loadAll(tx, work, added));
  } catch (error) {
    for (const key of added) await work.content.delete(key).catch(() => undefined);
    throw error;
  }
}

async function loadAll(
  tx: Executor,
  work: Load,
  added: string[],
): Promise<{ rows: number; contentObjects: number }> {
  const { header, file, lines, content, report } = work;
  // Checked again inside the transaction: nothing may have come in since the first look.
  await refuseUnlessEmpty(tx);
  // User triggers would write again what the file already holds (the catalogue's trigger on
  // books fills search_words, which comes from the file too). Only the constraint triggers of
  // foreign keys stay on. The owner of a table may do this; the change rolls back with the rest.
  const triggered = await tablesWithUserTriggers(tx);
  for (const table of triggered)
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
  for (const { name } of header.tables)
    if (FILLED_BY_MIGRATIONS.has(name)) await tx.execute(sql`delete from ${sql.identifier(name)}`);

  const layouts = new Map(header.tables.map((t) => [t.name, t]));
  const counts = new Map(header.tables.map((t) => [t.name, 0]));
  let sequencesSet = false;
  let objects = 0;
  let trailer: Trailer | null = null;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const { value, line } = next.value;
    if (trailer) throw new BackupError(`${file} is damaged: line ${line} follows its last line.`);
    if (isBatch(value)) {
      const layout = layouts.get(value.table);
      if (!layout || objects > 0)
        throw new BackupError(`${file} is damaged: line ${line} holds rows out of place.`);
      await insertRows(tx, layout.name, layout.columns, value.rows);
      counts.set(layout.name, counts.get(layout.name)! + value.rows.length);
    } else if (isContentObject(value)) {
      if (!sequencesSet) sequencesSet = await setSequences(tx, header);
      if (!(await content.has(value.content))) added.push(value.content);
      await content.put(value.content, Buffer.from(value.data, "base64"));
      objects += 1;
    } else if (isTrailer(value)) {
      trailer = value;
    } else {
      throw new BackupError(`${file} is damaged: line ${line} is not part of a Folio backup.`);
    }
  }
  if (!trailer)
    throw new BackupError(
      `${file} is incomplete: its last line is missing, so it was cut short while it was written or copied. Nothing was restored.`,
    );
  checkCounts(file, trailer, counts, objects);
  if (!sequencesSet) await setSequences(tx, header);
  for (const table of triggered)
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
  for (const [table, n] of counts) report(`${table}: ${n} rows`);
  report(`content: ${objects} objects`);
  const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { rows, contentObjects: objects };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const isBatch = (value: unknown): value is RowBatch =>
  isObject(value) && typeof value.table === "string" && Array.isArray(value.rows);
const isContentObject = (value: unknown): value is ContentObject =>
  isObject(value) && typeof value.content === "string" && typeof value.data === "string";
const isTrailer = (value: unknown): value is Trailer =>
  isObject(value) && value.end === true && isObject(value.counts);

/** PostgreSQL turns each JSON row back into the table's own types (json_populate_recordset). */
async function insertRows(
  tx: Executor,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const name = sql.identifier(table);
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`,
  );
}

async function tablesWithUserTriggers(tx: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select distinct c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where not g.tgisinternal and c.relnamespace = current_schema()::regnamespace
        order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Each id sequence where the backup found it, or past the highest id loaded if that is further:
 * an id handed out before the backup (even one whose row rolled back, whose file may exist) is
 * not handed out again.
 */
async function setSequences(tx: Executor, header: BackupHeader): Promise<true> {
  for (const { table, column, lastValue, isCalled } of header.sequences) {
    const [state] = await queryRows<{ sequence: string | null; highest: string | null }>(
      tx,
      sql`select pg_get_serial_sequence(${table}, ${column}) as sequence,
            (select max(${sql.identifier(column)})::text from ${sql.identifier(table)}) as highest`,
    );
    if (!state?.sequence) continue;
    const highest = BigInt(state.highest ?? 0);
    const last = BigInt(lastValue);
    const [value, called] =
      highest >= last ? [highest, highest > 0n || isCalled] : [last, isCalled];
    if (value < 1n) continue;
    await tx.execute(sql`select setval(${state.sequence}, ${value.toString()}::bigint, ${called})`);
  }
  return true;
}

function checkCounts(
  file: string,
  trailer: Trailer,
  counts: Map<string, number>,
  objects: number,
): void {
  const wrong = [...counts]
    .filter(([table, n]) => trailer.counts[table] !== n)
    .map(([table, n]) => `${table}: ${n} rows read, ${trailer.counts[table] ?? "none"} written`);
  if (trailer.contentObjects !== objects)
    wrong.push(`content: ${objects} objects read, ${trailer.contentObjects} written`);
  if (wrong.length > 0)
    throw new BackupError(
      `${file} is damaged: it does not hold what its last line lists (${wrong.join("; ")}). Nothing was restored.`,
    );
}
