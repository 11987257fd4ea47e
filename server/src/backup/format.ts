// The backup file: gzip-compressed JSON, one value a line, so that neither writing nor reading
// it ever holds a whole catalogue in memory. Line by line:
//   1. the header (BackupHeader): what made it, which migrations the database had, each table's
//      columns and key, and where each id sequence stood;
//   2. the rows, table by table in the order a restore inserts them, a batch a line
//      ({ table, rows }), each table in primary-key order;
//   3. the content store's objects, one a line ({ content: key, data: base64 });
//   4. the trailer ({ end: true, counts, contentObjects }), without which a restore knows the file
//      was cut short and loads nothing.

export const BACKUP_FORMAT = "folio-backup";
export const BACKUP_VERSION = 1;

/** One migration the backed-up database had applied, as drizzle records it. */
export interface AppliedMigration {
  /** the migration's file name without .sql (0012_search), when this build knows it */
  tag: string | null;
  /** sha256 of the migration's SQL, which is what drizzle keeps */
  hash: string;
  /** the journal's timestamp of the migration, which is what drizzle orders them by */
  createdAt: number;
}

export interface TableLayout {
  name: string;
  /** every column, in the table's order */
  columns: string[];
  primaryKey: string[];
}

/** An id sequence's state: a restore puts it back so ids are never handed out twice. */
export interface SequenceState {
  table: string;
  column: string;
  /** the last id handed out (text: a bigint may not fit a JavaScript number) */
  lastValue: string;
  /** false while the sequence has not handed out lastValue yet */
  isCalled: boolean;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: "pglite" | "postgres";
  migrations: AppliedMigration[];
  /** in the order their rows follow, which is an order that satisfies every foreign key */
  tables: TableLayout[];
  sequences: SequenceState[];
}

/**
 * A batch of one table's rows. bigint and numeric columns are strings, timestamps ISO 8601 with
 * their offset, json columns json: as PostgreSQL's to_jsonb writes them, so nothing is rounded.
 */
export interface RowBatch {
  table: string;
  rows: Record<string, unknown>[];
}

export interface ContentObject {
  content: string;
  data: string;
}

export interface Trailer {
  end: true;
  /** rows per table */
  counts: Record<string, number>;
  contentObjects: number;
}

/** A backup or restore that cannot go on, with a sentence for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}
