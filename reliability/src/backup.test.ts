import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildEpub } from "../../server/src/features/reading/epub";
import { dumpTables, runBackupCli, withPostgresSession, type TableDump } from "./harness/backup";
import { Api, newReader, type Reader } from "./harness/client";
import { brokenInvariants } from "./harness/database";
import { catalogueIds, runLoad } from "./harness/load";
import { scaled } from "./harness/env";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";
import type { ServerProcess } from "./harness/server";
import { drainOutbox } from "./harness/verify";

// Backup and restore as an operator runs them (issue 25): `npm run backup -- FILE` on a shop
// with readers, loans, money, holds, notes, reviews, a staff upload and mail, then
// `npm run restore -- FILE` into an empty shop, which must hold every row again, and serve the
// same balances and the same book files to the same passwords. On PostgreSQL the backup is taken
// while the shop serves; the embedded database is backed up once its server has stopped.

const use = new Resources();
afterAll(() => use.end());

const secret = () => randomBytes(32).toString("hex");

/** What the shop was built with, to look for after the restore. */
interface Shop {
  readers: { lender: Reader; waiting: Reader; queued: Reader };
  lentBookId: string;
  uploadedBookId: string;
  /** the lent book's EPUB as the original shop served it */
  lentEpub: Buffer;
  uploadedEpub: Buffer;
  /** pounds, by reader email */
  balances: Map<string, number>;
}

function expectOk(answer: { status: number; text: string }, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
}

/** The EPUB a reader is served for a book they have on loan. */
async function readBook(api: Api, token: string, bookId: string): Promise<Buffer> {
  const link = await api.post<{ contentURL: string }>("/api/books/content", { bookId }, token);
  expectOk(link, "content link");
  const response = await fetch(new URL(link.body.contentURL, api.base));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function balanceOf(api: Api, token: string): Promise<number> {
  const info = await api.get<{ balance: number }>("/api/users/info", token);
  expectOk(info, "user info");
  return info.body.balance;
}

/**
 * A shop with something in every kind of row: a librarian's upload, top-ups and charges, an open
 * and a returned loan, a ready and a waiting hold, a highlight, reading progress, a review, mail.
 * `promote` makes an account a librarian (on the embedded database, with the server stopped).
 */
async function buildShop(api: Api, promote: (userId: string) => Promise<void>): Promise<Shop> {
  const staff = await newReader(api, 0);
  await promote(staff.id);
  const category = await api.post<{ category: { categoryId: string } }>(
    "/api/admin/categories/create",
    { name: "Backed Up", description: "Books that must survive a restore." },
    staff.token,
  );
  expectOk(category, "category");
  const title = `Kept Safe ${randomBytes(3).toString("hex")}`;
  const uploadedEpub = Buffer.from(
    buildEpub({
      identifier: `urn:uuid:${randomUUID()}`,
      title,
      author: "Restore Test",
      language: "en",
      description: `${title}, uploaded by staff before a backup.`,
      publisher: "Folio reliability",
      modified: "2026-11-27T00:00:00Z",
      coverSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#345"/></svg>',
      chapters: [{ title: "One", paragraphs: ["The whole book, byte for byte, after a restore."] }],
    }),
  );
  const upload = await api.call<{ uploadId: string }>("POST", "/api/admin/books/upload", {
    token: staff.token,
    raw: uploadedEpub,
    headers: { "content-type": "application/epub+zip" },
  });
  expectOk(upload, "upload");
  const created = await api.post<{ book: { bookId: string } }>(
    "/api/admin/books/create",
    {
      uploadId: upload.body.uploadId,
      title,
      author: "Restore Test",
      categoryId: category.body.category.categoryId,
      description: "Uploaded by staff before a backup.",
      price: 2.5,
      copies: 1,
      lendsLeft: 10,
    },
    staff.token,
  );
  expectOk(created, "create book");
  const uploadedBookId = created.body.book.bookId;

  const [lender, waiting, queued] = [
    await newReader(api, 20),
    await newReader(api, 15),
    await newReader(api, 10),
  ];
  expectOk(await api.post("/api/payments/topup", { amount: 5 }, lender.token), "second top-up");
  const [lentBookId, returnedBookId] = await catalogueIds(api);
  const borrowed = await api.post<{ loans: unknown[] }>(
    "/api/borrow/borrow",
    { bookId: [lentBookId, returnedBookId, uploadedBookId] },
    lender.token,
  );
  expectOk(borrowed, "borrow");
  expect(borrowed.body.loans).toHaveLength(3);
  expectOk(
    await api.post("/api/borrow/return", { bookId: returnedBookId }, lender.token),
    "return",
  );
  // The uploaded book's one copy is out: two readers queue, and its return readies the first.
  for (const reader of [waiting, queued])
    expectOk(await api.post("/api/holds/place", { bookId: uploadedBookId }, reader.token), "hold");
  expectOk(
    await api.post("/api/borrow/return", { bookId: uploadedBookId }, lender.token),
    "return the uploaded book",
  );
  const holds = await api.get<{ holds: { status: string }[] }>("/api/holds/list", waiting.token);
  expect(holds.body.holds.map((hold) => hold.status)).toEqual(["ready"]);

  expectOk(
    await api.post(
      "/api/reading/progress",
      { bookId: lentBookId, locator: "epubcfi(/6/4!/4/2/1:0)", percentage: 12.5 },
      lender.token,
    ),
    "progress",
  );
  expectOk(
    await api.post(
      "/api/reading/annotations",
      {
        bookId: lentBookId,
        kind: "highlight",
        color: "green",
        text: "kept across a restore",
        note: "a note",
        clientId: randomUUID(),
        locator: {
          href: "chapter-1.xhtml",
          type: "application/xhtml+xml",
          locations: { progression: 0.25, position: 2 },
          text: { highlight: "kept across a restore" },
        },
      },
      lender.token,
    ),
    "annotation",
  );
  expectOk(
    await api.post(
      "/api/reviews/add",
      { bookId: returnedBookId, rating: 4, comment: "Worth keeping a copy of." },
      lender.token,
    ),
    "review",
  );
  const lentEpub = await readBook(api, lender.token, lentBookId!);
  const balances = new Map<string, number>();
  for (const reader of [lender, waiting, queued])
    balances.set(reader.email, await balanceOf(api, reader.token));
  return {
    readers: { lender, waiting, queued },
    lentBookId: lentBookId!,
    uploadedBookId,
    lentEpub,
    uploadedEpub,
    balances,
  };
}

/**
 * The restored shop, through its API: every reader logs in with their password and sees their
 * balance, the lender reads the same bytes of their loaned book, and the reader whose hold was
 * ready borrows the uploaded book and is served the very file staff uploaded.
 */
async function expectShopServed(server: ServerProcess, shop: Shop): Promise<void> {
  const api = new Api(server.base);
  const tokens = new Map<string, string>();
  for (const reader of Object.values(shop.readers)) {
    const login = await api.post<{ token: string }>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    expectOk(login, `login of ${reader.email}`);
    tokens.set(reader.email, login.body.token);
    expect(await balanceOf(api, login.body.token)).toBe(shop.balances.get(reader.email));
  }
  const lender = tokens.get(shop.readers.lender.email)!;
  const loans = await api.post<{ data: { bookId: string }[] }>(
    "/api/borrow/borrowlist",
    {},
    lender,
  );
  expect(loans.body.data.map((loan) => loan.bookId)).toEqual([shop.lentBookId]);
  expect((await readBook(api, lender, shop.lentBookId)).equals(shop.lentEpub)).toBe(true);

  const waiting = tokens.get(shop.readers.waiting.email)!;
  const holds = await api.get<{ holds: { holdId: string; status: string; bookId: string }[] }>(
    "/api/holds/list",
    waiting,
  );
  const ready = holds.body.holds.find((hold) => hold.status === "ready");
  expect(ready?.bookId).toBe(shop.uploadedBookId);
  expectOk(await api.post("/api/holds/borrow", { holdId: ready!.holdId }, waiting), "hold borrow");
  const uploaded = await readBook(api, waiting, shop.uploadedBookId);
  expect(uploaded.equals(shop.uploadedEpub)).toBe(true);
  expect(api.tally.serverErrors).toEqual([]);
  expect(await server.errorLines()).toEqual([]);
}

/** Tables with rows: what a refused restore must have left empty. */
const tablesWithRows = (dump: TableDump) =>
  Object.entries(dump)
    .filter(([table, rows]) => rows.length > 0 && table !== "catalogue_version")
    .map(([table]) => table);

/** Every file under a folder, as paths relative to it; none when there is no folder. */
async function filesUnder(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const name of names) if ((await stat(path.join(dir, name))).isFile()) files.push(name);
  return files.sort();
}

/** The first half of a backup file: what a copy cut off by a full disk leaves. */
async function truncatedCopy(file: string): Promise<string> {
  const whole = await readFile(file);
  const cut = `${file}.cut`;
  await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
  return cut;
}

const rowCount = (dump: TableDump) =>
  Object.values(dump).reduce((sum, rows) => sum + rows.length, 0);

describe("backup and restore", () => {
  it("on PostgreSQL, while the shop serves: the restored shop holds every row and serves it", async () => {
    const source = await use.postgres({ seeded: true });
    const sourceDir = await use.dataDir({ seeded: "postgres" });
    const key = secret();
    const server = await use.server(
      { dataDir: sourceDir.dataDir, databaseUrl: source.url, secret: key },
      "backup-pg",
    );
    const api = new Api(server.base);
    const shop = await buildShop(api, async (userId) => {
      await source.query("update users set role = 'librarian' where id = $1", [userId]);
    });
    // Mail goes out (to DATA_DIR/mail) within a moment; then nothing changes while idle.
    expect(await drainOutbox(source, 20_000)).toBe(0);
    const before = await withPostgresSession(source.url, dumpTables);

    const file = path.join(sourceDir.dataDir, "shop.backup");
    let started = performance.now();
    const backup = await runBackupCli("backup", file, {
      DATA_DIR: sourceDir.dataDir,
      DATABASE_URL: source.url,
    });
    const backupMs = Math.round(performance.now() - started);
    expect(backup.output).toContain("Backed up");
    expect(backup.code).toBe(0);

    const target = await use.postgres();
    const targetDir = await use.dataDir();
    const env = { DATA_DIR: targetDir.dataDir, DATABASE_URL: target.url };
    started = performance.now();
    const restore = await runBackupCli("restore", file, env);
    const restoreMs = Math.round(performance.now() - started);
    expect(restore.output).toContain("Restored");
    expect(restore.code).toBe(0);
    const after = await withPostgresSession(target.url, dumpTables);
    expect(after).toEqual(before);
    expect(await filesUnder(path.join(targetDir.dataDir, "content"))).toEqual(
      await filesUnder(path.join(sourceDir.dataDir, "content")),
    );

    // Into a shop that holds something: refused, and nothing in it changes.
    const again = await runBackupCli("restore", file, env);
    expect(again.code).toBe(1);
    expect(again.output).toContain("already holds a shop");
    expect(await withPostgresSession(target.url, dumpTables)).toEqual(before);

    const restored = await use.server(
      { dataDir: targetDir.dataDir, databaseUrl: target.url, secret: key },
      "restored-pg",
    );
    await expectShopServed(restored, shop);
    expect(await brokenInvariants(target)).toEqual([]);
    expect(await brokenInvariants(source)).toEqual([]);
    recordScenario("backup: PostgreSQL, taken while serving", {
      rows: rowCount(before),
      backupMs,
      restoreMs,
      fileBytes: (await stat(file)).size,
    });
  });

  it("on PostgreSQL, a backup taken while readers borrow and return is one consistent moment", async () => {
    const source = await use.postgres({ seeded: true });
    const sourceDir = await use.dataDir({ seeded: "postgres" });
    const server = await use.server(
      { dataDir: sourceDir.dataDir, databaseUrl: source.url, secret: secret() },
      "backup-busy",
    );
    const api = new Api(server.base);
    const readers = await Promise.all(Array.from({ length: 8 }, () => newReader(api, 30)));
    const bookIds = (await catalogueIds(api)).slice(0, 6);
    const file = path.join(sourceDir.dataDir, "busy.backup");
    const [load, backup] = await Promise.all([
      runLoad({ apis: [api], readers, bookIds, seconds: scaled(4, 8) }),
      runBackupCli("backup", file, { DATA_DIR: sourceDir.dataDir, DATABASE_URL: source.url }),
    ]);
    expect(backup.code, backup.output).toBe(0);

    const target = await use.postgres();
    const targetDir = await use.dataDir();
    const restore = await runBackupCli("restore", file, {
      DATA_DIR: targetDir.dataDir,
      DATABASE_URL: target.url,
    });
    expect(restore.code, restore.output).toBe(0);
    // Balances equal their ledgers, copies their loans: no half of any borrow or return.
    expect(await brokenInvariants(target)).toEqual([]);
    expect(api.tally.serverErrors).toEqual([]);
    recordScenario("backup: PostgreSQL, taken under load", {
      requestsDuringBackup: load.requests,
      loansRestored: Number(
        (await target.query<{ n: string }>("select count(*) as n from loans"))[0]!.n,
      ),
    });
  });

  it("on the embedded database: refused while the shop runs; after it stops, restored whole, also into PostgreSQL", async () => {
    const sourceDir = await use.dataDir({ seeded: "embedded" });
    const key = secret();
    const server = await use.server({ dataDir: sourceDir.dataDir, secret: key }, "backup-pglite");
    const api = new Api(server.base);
    const shop = await buildShop(api, async (userId) => {
      // The embedded database serves one process: the role is set while the server is down.
      expect(await server.stop()).toBe(0);
      await sourceDir.with((sql) =>
        sql.query("update users set role = 'librarian' where id = $1", [userId]),
      );
      await server.launch();
    });
    const file = path.join(sourceDir.dataDir, "shop.backup");

    const refused = await runBackupCli("backup", file, { DATA_DIR: sourceDir.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Folio is running on this data directory");
    expect(await filesUnder(sourceDir.dataDir)).not.toContain("shop.backup");

    expect(await server.stop()).toBe(0);
    const before = await sourceDir.with(dumpTables);
    let started = performance.now();
    const backup = await runBackupCli("backup", file, { DATA_DIR: sourceDir.dataDir });
    const backupMs = Math.round(performance.now() - started);
    expect(backup.code, backup.output).toBe(0);

    // A copy cut short: refused with a clear message, and the target is left empty.
    const emptyDir = await use.dataDir();
    const cut = await runBackupCli("restore", await truncatedCopy(file), {
      DATA_DIR: emptyDir.dataDir,
    });
    expect(cut.code).toBe(1);
    expect(cut.output).toMatch(/is incomplete: .* cut short/);
    expect(tablesWithRows(await emptyDir.with(dumpTables))).toEqual([]);
    expect(await filesUnder(path.join(emptyDir.dataDir, "content"))).toEqual([]);

    const targetDir = await use.dataDir();
    started = performance.now();
    const restore = await runBackupCli("restore", file, { DATA_DIR: targetDir.dataDir });
    const restoreMs = Math.round(performance.now() - started);
    expect(restore.code, restore.output).toBe(0);
    expect(await targetDir.with(dumpTables)).toEqual(before);
    expect(await filesUnder(path.join(targetDir.dataDir, "content"))).toEqual(
      await filesUnder(path.join(sourceDir.dataDir, "content")),
    );

    const restored = await use.server({ dataDir: targetDir.dataDir, secret: key }, "restored");
    await expectShopServed(restored, shop);
    expect(await restored.stop()).toBe(0);
    expect(await targetDir.with(brokenInvariants)).toEqual([]);

    // The same file into PostgreSQL: the format is the database's rows, not its files.
    const crossDatabase = await use.postgres();
    const crossDir = await use.dataDir();
    const cross = await runBackupCli("restore", file, {
      DATA_DIR: crossDir.dataDir,
      DATABASE_URL: crossDatabase.url,
    });
    expect(cross.code, cross.output).toBe(0);
    expect(await withPostgresSession(crossDatabase.url, dumpTables)).toEqual(before);
    expect(await brokenInvariants(crossDatabase)).toEqual([]);
    recordScenario("backup: embedded database, stopped", {
      rows: rowCount(before),
      backupMs,
      restoreMs,
      fileBytes: (await stat(file)).size,
    });
  });
});
