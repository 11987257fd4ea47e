// Backup and restore in one process, on the test database (PGlite, or PostgreSQL with
// TEST_DB=postgres) restored into a fresh embedded one: exact values, the load order, a backup
// from before the latest migration, and the files a restore refuses. The operator's commands on
// real servers are reliability/src/backup.test.ts.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Executor } from "../db/client";
import { tableOwners } from "../db/owners";
import { FileContentStore } from "../storage/content-store";
import { useTestDatabase } from "../test/database";
import { perFile } from "../test/per-file";
import { writeBackup } from "./backup";
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError } from "./format";
import { buildMigrations, tableLayouts } from "./layout";
import { migrateTo, restoreBackup } from "./restore";

const source = useTestDatabase();
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), "folio-backup-test-"));
  folders.push(made);
  return made;
}

/** Every table's rows as JSON text in UTC, sorted: equal dumps, equal shops. */
async function dump(db: Executor): Promise<Record<string, string[]>> {
  await db.execute(sql`set timezone to 'UTC'`);
  const tables: Record<string, string[]> = {};
  for (const table of Object.keys(tableOwners).sort()) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    );
    tables[table] = rows.map((r) => r.row).sort();
  }
  return tables;
}

/** A fresh embedded database in memory, as a new DATA_DIR would have. */
const emptyShop = () => openDatabase({});

// Each emptyShop() migrates PGlite in memory, a few seconds on a busy machine.
describe("a backup restored into an empty shop", { timeout: 120_000 }, () => {
  it("holds every row with its exact value, the files, and ids that go on where they were", async () => {
    const db = source.db;
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (name, email, password_hash, totp_last_step, balance_pence)
          values ('Exact', 'exact@example.com', 'x', 9007199254740993, 1234) returning id`,
    );
    const [book] = await queryRows<{ id: number }>(
      db,
      sql`select id from books order by id limit 1`,
    );
    await db.execute(sql`insert into ledger (user_id, kind, amount_pence, created_at)
      values (${user!.id}, 'topup', 1234, '2026-03-29 00:59:59.123456+00')`);
    await db.execute(sql`insert into reading_progress (user_id, book_id, locator, percentage, updated_at)
      values (${user!.id}, ${book!.id}, 'epubcfi(/6/2)', 33.33, now())`);
    await db.execute(sql`insert into passkeys (user_id, credential_id, public_key, transports, name, created_at)
      values (${user!.id}, 'cred', 'key', '["usb","internal"]', 'Key ünïcode ✓', now())`);
    await db.execute(sql`insert into rate_limit_hits (key, hits)
      values ('login:exact', array['2026-01-01T00:00:00.5Z', '2026-01-01T00:00:01Z']::timestamptz[])`);
    await db.execute(sql`insert into idempotency_keys (user_id, scope, key, request_hash, response, created_at)
      values (${user!.id}, 'borrow', 'k1', 'h', '{"a":[1,2.5,"x"],"b":null}', now())`);
    // An id handed out and rolled back is not handed out again after the restore.
    await db.execute(sql`select nextval(pg_get_serial_sequence('ledger', 'id'))`);
    const [{ next: sourceNext } = { next: "" }] = await queryRows<{ next: string }>(
      db,
      sql`select (last_value + 1)::text as next from ledger_id_seq`,
    );

    const dir = await folder();
    const content = new FileContentStore(path.join(dir, "content"));
    await content.put("books/1.epub", Buffer.from("an epub, byte for byte \u0000\u00ff"));
    await content.put("covers/1.png", Buffer.alloc(70_000, 7));
    const file = path.join(dir, "shop.backup");
    const summary = await writeBackup({ database: source, content, file });
    expect(summary.contentObjects).toBe(2);

    const target = await emptyShop();
    const restoredContent = new FileContentStore(path.join(dir, "restored"));
    try {
      await restoreBackup({ database: target, content: restoredContent, file });
      expect(await dump(target.db)).toEqual(await dump(db));
      expect(await restoredContent.get("books/1.epub")).toEqual(
        Buffer.from("an epub, byte for byte \u0000\u00ff"),
      );
      expect(await restoredContent.get("covers/1.png")).toEqual(Buffer.alloc(70_000, 7));
      const [{ next } = { next: "" }] = await queryRows<{ next: string }>(
        target.db,
        sql`select nextval(pg_get_serial_sequence('ledger', 'id'))::text as next`,
      );
      expect(next).toBe(sourceNext);
      // Its trigger back on: a new book's words reach search_words.
      const [{ on } = { on: false }] = await queryRows<{ on: boolean }>(
        target.db,
        sql`select bool_and(tgenabled = 'O') as on from pg_trigger where not tgisinternal`,
      );
      expect(on).toBe(true);
    } finally {
      await target.close();
    }
  });

  it("loads every table after the tables it refers to", async () => {
    const tables = await tableLayouts(source.db);
    expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(tableOwners).sort());
    const position = new Map(tables.map((t, i) => [t.name, i]));
    const references = await queryRows<{ table: string; references: string }>(
      source.db,
      sql`select conrelid::regclass::text as "table", confrelid::regclass::text as "references"
          from pg_constraint where contype = 'f'`,
    );
    expect(references.length).toBeGreaterThan(20);
    const early = references.filter(
      (r) => r.table !== r.references && position.get(r.table)! < position.get(r.references)!,
    );
    expect(early).toEqual([]);
  });

  it("restores a backup made before the latest migration, which then runs on its rows", async () => {
    const build = buildMigrations();
    const older = await emptyShop();
    const dir = await folder();
    const file = path.join(dir, "older.backup");
    const content = new FileContentStore(path.join(dir, "content"));
    try {
      await migrateTo(older, build.length - 1);
      const [category] = await queryRows<{ id: number }>(
        older.db,
        sql`insert into categories (slug, name, description, search_name)
            values ('old', 'Old', 'From before', 'old') returning id`,
      );
      await older.db.execute(sql`insert into books (title, author, category_id, description,
          price_pence, total_copies, available_copies, search_title, search_author)
        values ('Older Book', 'Ann Elder', ${category!.id}, 'd', 100, 1, 1, 'older book', 'ann elder')`);
      await writeBackup({ database: older, content, file });
    } finally {
      await older.close();
    }
    const target = await emptyShop();
    try {
      await restoreBackup({ database: target, content, file });
      const applied = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBe(build.length);
      const authors = await queryRows<{ author: string }>(
        target.db,
        sql`select author from search_authors`,
      );
      expect(authors.map((a) => a.author)).toEqual(["Ann Elder"]);
    } finally {
      await target.close();
    }
  });
});

describe("a restore refuses", { timeout: 120_000 }, () => {
  // One target for every refusal: each must leave it as empty as it found it.
  const target = perFile("empty target", emptyShop, (made) => made.close());

  /** A backup file of the given lines, as the command would find it. */
  async function fileOf(lines: object[]): Promise<string> {
    const file = path.join(await folder(), "made.backup");
    await writeFile(file, gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join("")));
    return file;
  }

  /** The refusal's message, and the target's tables that hold rows after it. */
  async function refusal(file: string): Promise<{ message: string; filled: string[] }> {
    const error = await restoreBackup({
      database: target,
      content: new FileContentStore(path.join(await folder(), "content")),
      file,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    const present = await queryRows<{ name: string }>(
      target.db,
      sql`select tablename as name from pg_tables where schemaname = current_schema()`,
    );
    const filled: string[] = [];
    for (const { name } of present) {
      const [row] = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from ${sql.identifier(name)}`,
      );
      if (row!.n > 0 && name !== "catalogue_version") filled.push(name);
    }
    return { message: (error as Error).message, filled };
  }

  const header = (migrations = buildMigrations()) => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: "pglite",
    migrations,
    tables: [
      {
        name: "categories",
        columns: ["id", "slug", "name", "description", "search_name"],
        primaryKey: ["id"],
      },
    ],
    sequences: [],
  });

  it("a backup from a newer build, touching nothing", async () => {
    const newer = [
      ...buildMigrations(),
      { tag: "9999_future", hash: "f".repeat(64), createdAt: 1 },
    ];
    const { message } = await refusal(await fileOf([header(newer)]));
    expect(message).toMatch(/comes from a newer version/);
    // Not even migrated: the refusal came before anything was done.
    const [tables] = await queryRows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from pg_tables where schemaname = current_schema()`,
    );
    expect(tables!.n).toBe(0);
  });

  it("a file that is not a backup, or stops before its last line", async () => {
    expect((await refusal(await fileOf([{ hello: "world" }]))).message).toMatch(
      /is not a Folio backup/,
    );
    const rows = {
      table: "categories",
      rows: [{ id: 1, slug: "a", name: "A", description: "", search_name: "a" }],
    };
    const noTrailer = await refusal(await fileOf([header(), rows]));
    expect(noTrailer.message).toMatch(/is incomplete/);
    expect(noTrailer.filled).toEqual([]);
    const file = await fileOf([
      header(),
      rows,
      { end: true, counts: { categories: 1 }, contentObjects: 0 },
    ]);
    const whole = await readFile(file);
    await writeFile(file, whole.subarray(0, whole.length - 12));
    const cut = await refusal(file);
    expect(cut.message).toMatch(/is incomplete|is damaged/);
    expect(cut.filled).toEqual([]);
  });

  it("into a shop that already has rows", async () => {
    const dir = await folder();
    const file = path.join(dir, "shop.backup");
    const content = new FileContentStore(path.join(dir, "content"));
    await writeBackup({ database: source, content, file });
    const error = await restoreBackup({ database: source, content, file }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/already holds a shop \(there are rows in .*books/);
  });
});
