import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildEpub } from "../../server/src/features/reading/epub";
import { Api, newReader, type Reader } from "./harness/client";
import { brokenInvariants, type Sql } from "./harness/database";
import { catalogueIds } from "./harness/load";
import { scaled } from "./harness/env";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";
import { pause, timeUntil } from "./harness/timing";

// The staff side under real processes (issue 20): a catalogue change reaches every server
// process within a second, and an uploaded book's file and row land together or not at all,
// even when the process is killed while it stores them.

const use = new Resources();
afterAll(() => use.end());

const secret = () => randomBytes(32).toString("hex");

async function staffMember(api: Api, sql: Sql, role: "librarian" | "admin"): Promise<Reader> {
  const member = await newReader(api, 0);
  await sql.query("update users set role = $2 where id = $1", [member.id, role]);
  return member;
}

describe("a catalogue change through one process", () => {
  it("on PostgreSQL, two processes: the other shows it within a second, in every cached read", async () => {
    const database = await use.postgres({ seeded: true });
    const key = secret();
    const [dirA, dirB] = [
      await use.dataDir({ seeded: "postgres" }),
      await use.dataDir({ seeded: "postgres" }),
    ];
    const a = await use.server(
      { dataDir: dirA.dataDir, databaseUrl: database.url, secret: key },
      "a",
    );
    const b = await use.server(
      { dataDir: dirB.dataDir, databaseUrl: database.url, secret: key },
      "b",
    );
    const apiA = new Api(a.base);
    const apiB = new Api(b.base, apiA.tally);
    const librarian = await staffMember(apiA, database, "librarian");
    const [bookId] = await catalogueIds(apiB);
    const book = (
      await apiB.get<{ title: string; categoryId: string }>(`/api/books/get?bookId=${bookId}`)
    ).body;
    const searchUrl = `/api/books/search?title=${encodeURIComponent(book.title)}`;
    const found = async () =>
      ((await apiB.get<{ bookId: string[] }>(searchUrl)).body.bookId ?? []).includes(bookId!);
    const popular = async () =>
      (await apiB.get<{ bookId: string[] }>("/api/books/popular")).body.bookId.includes(bookId!);
    const countOf = async () =>
      (
        await apiB.get<{ categoriesList: { id: string; bookCount: number }[] }>(
          "/api/categories/getAll",
        )
      ).body.categoriesList.find((c) => c.id === book.categoryId)?.bookCount;
    // B has every read cached before the change: a stale cache is what would show.
    expect(await found()).toBe(true);
    expect(await popular()).toBe(true);
    const countBefore = await countOf();
    expect(countBefore).toBeGreaterThan(0);

    const retired = await apiA.post(
      "/api/admin/books/retire",
      { bookId, reason: "two-process test" },
      librarian.token,
    );
    expect(retired.status).toBe(200);
    const figures = {
      searchMs: await timeUntil(async () => !(await found()), 1000),
      popularMs: await timeUntil(async () => !(await popular()), 1000),
      categoriesMs: await timeUntil(async () => (await countOf()) === countBefore! - 1, 1000),
    };
    // A retired book cannot be borrowed through the other process either.
    const reader = await newReader(apiB, 20);
    const borrow = await apiB.post<{ InvalidBookIds?: string[] }>(
      "/api/borrow/borrow",
      { bookId: [bookId] },
      reader.token,
    );
    expect(borrow.body.InvalidBookIds).toEqual([bookId]);

    const restored = await apiA.post("/api/admin/books/restore", { bookId }, librarian.token);
    expect(restored.status).toBe(200);
    const restoreMs = await timeUntil(found, 1000);
    const priced = await apiA.post(
      "/api/admin/books/update",
      { bookId, price: 7.25 },
      librarian.token,
    );
    expect(priced.status).toBe(200);
    const priceMs = await timeUntil(
      async () =>
        (await apiB.get<{ price: number }>(`/api/books/get?bookId=${bookId}`)).body.price === 7.25,
      1000,
    );

    const all = { ...figures, restoreMs, priceMs };
    // null would mean the other process still showed the old catalogue after a second.
    expect(Object.entries(all).filter(([, ms]) => ms === null)).toEqual([]);
    expect(apiA.tally.serverErrors).toEqual([]);
    expect(await a.errorLines()).toEqual([]);
    expect(await b.errorLines()).toEqual([]);
    expect(await brokenInvariants(database)).toEqual([]);
    recordScenario("staff: a catalogue change reaches the other process", all);
  });
});

/** An EPUB of about `chapters` × 60 KB of text, with a title of its own. */
function epubNamed(title: string, chapters: number): Uint8Array {
  const words = "whale sea ship captain harpoon deck sail storm ocean mast rope ".split(" ");
  const paragraph = (seed: number) =>
    Array.from({ length: 120 }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(" ");
  return buildEpub({
    identifier: `urn:uuid:${randomBytes(16).toString("hex")}`,
    title,
    author: "Kill Test",
    language: "en",
    description: `${title}, made to be uploaded while the server is killed.`,
    publisher: "Folio reliability",
    modified: "2026-11-25T00:00:00Z",
    coverSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#234"/></svg>',
    chapters: Array.from({ length: chapters }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      paragraphs: Array.from({ length: 80 }, (_, p) => `${c}.${p} ${paragraph(c * 100 + p)}`),
    })),
  });
}

interface Upload {
  uploadId: string;
}

describe("kill -9 while a book is being stored", () => {
  it("on the embedded database: every book row names a file that exists, whole; nothing half-done", async () => {
    const dir = await use.dataDir();
    const server = await use.server(
      { dataDir: dir.dataDir, secret: secret(), env: { SEED_ON_START: "false" } },
      "kill-upload",
    );
    let api = new Api(server.base);
    const staff = await newReader(api, 0);
    // The embedded database serves one process: the role is set while the server is down.
    expect(await server.stop()).toBe(0);
    await dir.with((sql) =>
      sql.query("update users set role = 'librarian' where id = $1", [staff.id]),
    );
    await server.launch();
    api = new Api(server.base, api.tally);
    const category = await api.post<{ category: { categoryId: string } }>(
      "/api/admin/categories/create",
      { name: "Crash Tests", description: "Books stored while the server was killed." },
      staff.token,
    );
    expect(category.status).toBe(200);
    const categoryId = category.body.category.categoryId;

    const sizes = new Map<string, number>();
    const acknowledged: string[] = [];
    // Every fourth round kills the upload itself; the others kill the create later each time.
    const rounds = scaled(4, 8);
    let killsDuringCreate = 0;
    let killsDuringUpload = 0;
    for (let round = 0; round < rounds; round += 1) {
      const title = `Stored Under Fire ${round} ${randomBytes(3).toString("hex")}`;
      const epub = epubNamed(title, 6 + round);
      sizes.set(title, epub.length);
      const killUpload = round % 4 === 3;
      if (killUpload) {
        // Killed while the upload itself arrives or is being checked and kept.
        const sent = api
          .call<Upload>("POST", "/api/admin/books/upload", {
            token: staff.token,
            raw: Buffer.from(epub),
            headers: { "content-type": "application/epub+zip" },
          })
          .catch(() => null);
        await pause(5 + Math.floor(Math.random() * 40));
        await server.kill9();
        await sent;
        killsDuringUpload += 1;
        await server.launch();
        continue;
      }
      const upload = await api.call<Upload>("POST", "/api/admin/books/upload", {
        token: staff.token,
        raw: Buffer.from(epub),
        headers: { "content-type": "application/epub+zip" },
      });
      expect(upload.status, upload.text).toBe(200);
      const create = api
        .post<{ book: { bookId: string } }>(
          "/api/admin/books/create",
          {
            uploadId: upload.body.uploadId,
            title,
            author: "Kill Test",
            categoryId,
            description: "Stored while the server was killed.",
            price: 2.5,
            copies: 2,
            lendsLeft: 10,
          },
          staff.token,
        )
        .then(
          (answer) => answer,
          () => null,
        );
      // Somewhere in the create: before, while the files are written, as it commits, or after;
      // later each round, so some creates finish and some do not.
      await pause(round * 30 + Math.floor(Math.random() * 20));
      await server.kill9();
      const answer = await create;
      if (answer?.status === 200) acknowledged.push(answer.body.book.bookId);
      else killsDuringCreate += 1;
      await server.launch();
    }

    // Every row names a file that exists and is the whole book that was uploaded.
    expect(await server.stop()).toBe(0);
    let booksStored = 0;
    const problems = await dir.with(async (sql) => {
      const found = await brokenInvariants(sql);
      const rows = await sql.query<{ id: string; title: string; version: number }>(
        "select id::text, title, content_version as version from books order by id",
      );
      booksStored = rows.length;
      for (const row of rows) {
        const file = path.join(
          dir.dataDir,
          "content",
          "books",
          row.version === 0 ? `${row.id}.epub` : `${row.id}-v${row.version}.epub`,
        );
        const info = await stat(file).catch(() => null);
        if (!info) found.push(`book ${row.id} (${row.title}): no file ${file}`);
        else if (info.size !== sizes.get(row.title))
          found.push(
            `book ${row.id}: file of ${info.size} bytes, uploaded ${sizes.get(row.title)}`,
          );
      }
      for (const id of acknowledged)
        if (!rows.some((row) => row.id === id)) found.push(`acknowledged book ${id} lost`);
      const audited = await sql.query<{ target: string }>(
        "select target_id as target from audit_log where action = 'book.create'",
      );
      const auditedIds = new Set(audited.map((row) => row.target));
      for (const row of rows)
        if (!auditedIds.has(row.id)) found.push(`book ${row.id} has no audit row`);
      if (audited.length !== rows.length)
        found.push(`${audited.length} book.create audit rows for ${rows.length} books`);
      return found;
    });
    expect(problems).toEqual([]);
    // Half-written uploads are temporary files the hourly sweep removes; none is a whole
    // upload under its final name that no request was told of.
    const uploads = await readdir(path.join(dir.dataDir, "content", "uploads")).catch(
      () => [] as string[],
    );
    expect(api.tally.serverErrors).toEqual([]);
    expect(await server.errorLines()).toEqual([]);
    recordScenario("staff: kill -9 while a book is stored", {
      rounds,
      killsDuringCreate,
      killsDuringUpload,
      booksAcknowledged: acknowledged.length,
      booksStored,
      filesLeftInUploads: uploads.length,
    });
  });
});
