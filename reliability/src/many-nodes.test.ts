import { randomBytes } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildEpub } from "../../server/src/features/reading/epub";
import { Api, newReader, type Reader } from "./harness/client";
import { brokenInvariants, type Sql } from "./harness/database";
import { runServerCli } from "./harness/backup";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";
import { timeUntil } from "./harness/timing";

// Many nodes (issue 25, design.md §7.6): two server processes with data directories of their
// own, one PostgreSQL and one S3 bucket, as docs/operations.md lays them out behind a load
// balancer. Whatever one node stores or signs, the other serves; a catalogue change shows on
// both within a second; the scheduled jobs do their work once.

const use = new Resources();
afterAll(() => use.end());

function epubNamed(title: string, author: string): Uint8Array {
  return buildEpub({
    identifier: `urn:uuid:${randomBytes(16).toString("hex")}`,
    title,
    author,
    language: "en",
    description: `${title}, stored through one node and read through the other.`,
    publisher: "Folio reliability",
    modified: "2026-11-27T00:00:00Z",
    coverSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#345"/></svg>',
    chapters: Array.from({ length: 3 }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      paragraphs: Array.from({ length: 40 }, (_, p) => `${title}: part ${c}.${p} of the tale.`),
    })),
  });
}

/** The bytes behind a URL of the server, or the status when it is not a 200. */
async function bytesOf(base: string, url: string): Promise<Buffer | number> {
  const response = await fetch(new URL(url, base));
  if (response.status !== 200) return response.status;
  return Buffer.from(await response.arrayBuffer());
}

async function staffMember(api: Api, sql: Sql): Promise<Reader> {
  const member = await newReader(api, 0);
  await sql.query("update users set role = 'librarian' where id = $1", [member.id]);
  return member;
}

async function borrowAndLink(api: Api, reader: Reader, bookId: string) {
  const borrowed = await api.post<{ loans?: unknown[] }>(
    "/api/borrow/borrow",
    { bookId: [bookId] },
    reader.token,
  );
  expect(borrowed.status, borrowed.text).toBe(200);
  const link = await api.post<{ contentURL: string }>(
    "/api/books/content",
    { bookId },
    reader.token,
  );
  expect(link.status, link.text).toBe(200);
  return link.body.contentURL;
}

describe("two nodes, one PostgreSQL, one bucket", () => {
  it("any node serves what the other stored or signed, sees its catalogue changes within a second, and jobs run once", async () => {
    const bucket = await use.bucket();
    const database = await use.postgres();
    const mail = await use.mail();
    const shared = {
      databaseUrl: database.url,
      smtpUrl: mail.url,
      secret: randomBytes(32).toString("hex"),
      env: bucket.env,
    };
    const [dirA, dirB] = [await use.dataDir(), await use.dataDir()];
    const start = (dir: string, name: string) => use.server({ ...shared, dataDir: dir }, name);
    const a = await start(dirA.dataDir, "node-a");
    const b = await start(dirB.dataDir, "node-b");
    let apiA = new Api(a.base);
    let apiB = new Api(b.base, apiA.tally);

    // A book uploaded and made through A is read, whole, through B; its cover too.
    const librarian = await staffMember(apiA, database);
    const categories = await apiA.get<{ categoriesList: { id: string }[] }>(
      "/api/categories/getAll",
    );
    const categoryId = categories.body.categoriesList[0]!.id;
    const uploadedTitle = `Two Nodes Uploaded ${randomBytes(3).toString("hex")}`;
    const uploadedEpub = Buffer.from(epubNamed(uploadedTitle, "Node Author"));
    const upload = await apiA.call<{ uploadId: string }>("POST", "/api/admin/books/upload", {
      token: librarian.token,
      raw: uploadedEpub,
      headers: { "content-type": "application/epub+zip" },
    });
    expect(upload.status, upload.text).toBe(200);
    const created = await apiA.post<{ book: { bookId: string } }>(
      "/api/admin/books/create",
      {
        uploadId: upload.body.uploadId,
        title: uploadedTitle,
        author: "Node Author",
        categoryId,
        description: "Stored through node A.",
        price: 1.5,
        copies: 3,
        lendsLeft: 10,
      },
      librarian.token,
    );
    expect(created.status, created.text).toBe(200);
    const uploadedId = created.body.book.bookId;
    const reader = await newReader(apiB, 40);
    const uploadedLink = await borrowAndLink(apiB, reader, uploadedId);
    expect(await bytesOf(b.base, uploadedLink)).toEqual(uploadedEpub);
    const cover = await fetch(`${b.base}/api/books/${uploadedId}/cover`);
    expect(cover.status).toBe(200);

    // A signed link made by B works on A, and a publication link made by A works on B.
    expect(await bytesOf(a.base, uploadedLink)).toEqual(uploadedEpub);
    const publication = await apiA.post<{ manifestURL: string }>(
      "/api/reading/publication",
      { bookId: uploadedId },
      reader.token,
    );
    expect(publication.status, publication.text).toBe(200);
    const manifest = await bytesOf(b.base, publication.body.manifestURL);
    expect(manifest).toBeInstanceOf(Buffer);
    expect((JSON.parse(String(manifest)) as { metadata: { title: string } }).metadata.title).toBe(
      uploadedTitle,
    );

    // A book the import command adds (to the database and the bucket) is read through either.
    const importedTitle = `Two Nodes Imported ${randomBytes(3).toString("hex")}`;
    const importedEpub = Buffer.from(epubNamed(importedTitle, "Import Author"));
    const file = path.join(dirA.dataDir, "imported.epub");
    await writeFile(file, importedEpub);
    const importRun = await runServerCli(
      "server/src/features/reading/import-cli.ts",
      [file, "--price", "2.00"],
      { DATA_DIR: dirA.dataDir, DATABASE_URL: database.url, SECRET: shared.secret, ...bucket.env },
    );
    expect(importRun.code, importRun.output).toBe(0);
    const [imported] = await database.query<{ id: string }>(
      "select id::text from books where title = $1",
      [importedTitle],
    );
    expect(imported).toBeDefined();
    const importedLink = await borrowAndLink(apiA, reader, imported!.id);
    expect(await bytesOf(b.base, importedLink)).toEqual(importedEpub);
    expect(await bytesOf(a.base, importedLink)).toEqual(importedEpub);

    // A catalogue change through A shows on B within a second.
    const priced = await apiA.post(
      "/api/admin/books/update",
      { bookId: imported!.id, price: 3.75 },
      librarian.token,
    );
    expect(priced.status, priced.text).toBe(200);
    const priceMs = await timeUntil(
      async () =>
        (await apiB.get<{ price: number }>(`/api/books/get?bookId=${imported!.id}`)).body.price ===
        3.75,
      1000,
    );
    expect(priceMs).not.toBeNull();

    // Nothing was kept on a node's own disk: the bucket holds every book.
    for (const dir of [dirA.dataDir, dirB.dataDir]) {
      const kept = await readdir(path.join(dir, "content"), { recursive: true }).catch(
        () => [] as string[],
      );
      expect(kept.filter((name) => name.endsWith(".epub"))).toEqual([]);
    }

    // The scheduled jobs do their work once: both nodes start together and sweep at once, and
    // each loan falling due gets one reminder.
    await database.query(
      "update loans set due_at = now() + interval '1 day', reminded_due_at = null where returned_at is null",
    );
    const dueLoans = await database.query<{ id: string }>(
      "select id::text from loans where returned_at is null",
    );
    expect(dueLoans.length).toBeGreaterThan(1);
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([a.launch(), b.launch()]);
    apiA = new Api(a.base, apiA.tally);
    apiB = new Api(b.base, apiA.tally);
    await mail.quiet(1500, 20_000);
    const reminders = await database.query<{ id: string; sent: string }>(
      "select id::text, sent_at::text as sent from outbox where type = 'due_soon' order by id",
    );
    expect(reminders.length).toBe(dueLoans.length);
    expect(mail.duplicates()).toEqual([]);
    const received = new Set(mail.outboxIds());
    expect(reminders.filter((row) => !received.has(Number(row.id)))).toEqual([]);

    expect(apiA.tally.serverErrors).toEqual([]);
    expect(await a.errorLines()).toEqual([]);
    expect(await b.errorLines()).toEqual([]);
    expect(await brokenInvariants(database)).toEqual([]);
    recordScenario("many nodes: two processes, one PostgreSQL, one bucket", {
      catalogueChangeSeenMs: priceMs,
      reminders: reminders.length,
    });
  });
});
