import { randomBytes } from "node:crypto";
import type { ResourceLimits, Worker } from "node:worker_threads";
import { createDeflateRaw, deflateRawSync } from "node:zlib";
import type { AdminBookAnswer, AdminBooks, AuditList, UploadAnswer } from "@folio/contract/admin";
import type {
  BookDetail,
  BookList,
  CategoriesList,
  CategoryDetail,
} from "@folio/contract/catalogue";
import type { BooksByCategory, SearchResult } from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ContentResponse } from "@folio/contract/reading";
import { staffLimits } from "@folio/contract/staff";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { HOUR } from "../../clock";
import { sweepOldUploads } from "../../jobs/scheduler";
import { FileContentStore } from "../../storage/content-store";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { createTestApp, useTestApp } from "../../test/app";
import { createBook, createCategory } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { drawCover } from "../catalogue";
import { buildEpub, type EpubBook } from "../reading";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
let librarian: TestUser;
let admin: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  librarian = await createStaff(t.app, t.database.db, "librarian");
  admin = await createStaff(t.app, t.database.db, "admin");
});

let made = 0;
const sample = (overrides: Partial<EpubBook> = {}): EpubBook => {
  made += 1;
  const title = overrides.title ?? `Uploaded Voyage ${made} ${Date.now()}`;
  return {
    identifier: `urn:test:upload-${made}`,
    title,
    author: "Ida Porter",
    language: "en",
    description: "A voyage & its return.",
    year: 1901,
    publisher: "Test Press",
    modified: "2026-01-01T00:00:00Z",
    coverSvg: drawCover(title, "Ida Porter"),
    chapters: [{ title: "One", paragraphs: [`The ship left at dawn (${made}).`] }],
    ...overrides,
  };
};

const upload = (body: Uint8Array | string, contentType = "application/epub+zip", token?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/books/upload",
    headers: {
      authorization: `Bearer ${token ?? librarian.token}`,
      "content-type": contentType,
    },
    payload: Buffer.from(body),
  });

/** A zip written entry by entry, sizes as given: what a tool that lies can make. */
interface RawEntry {
  name: string;
  /** the bytes as stored: packed already when method is 8 */
  data: Uint8Array;
  method?: 0 | 8;
  /** what the entry declares it unpacks to; the stored length by default */
  size?: number;
}

function rawZip(entries: RawEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.size ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method ?? 0, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt16LE(entry.method ?? 0, 10);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(entry.data));
    central.push(header, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A good EPUB's entries, stored, plus `extra`. */
const epubEntries = (extra: RawEntry[] = []): RawEntry[] => [
  ...Object.entries(unzipSync(buildEpub(sample()))).map(([name, data]) => ({ name, data })),
  ...extra,
];

/** `megabytes` MB of zeros, deflated as a stream (never all in memory): a few hundred KB. */
async function deflatedZeros(megabytes: number): Promise<Uint8Array> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflater.on("end", resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++)
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once("drain", resolve));
  deflater.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * Runs `work` while /api/ping is sent again and again: the longest wait between two answers
 * (ms), how many came, and the worker threads started meanwhile with the limits each was given.
 */
async function servingDuring<T>(work: () => Promise<T>) {
  const threads: { worker: Worker; limits: ResourceLimits | undefined }[] = [];
  const started = (worker: Worker) => threads.push({ worker, limits: worker.resourceLimits });
  process.on("worker", started);
  let running = true;
  let pings = 0;
  let longest = 0;
  let last = performance.now();
  const pinger = (async () => {
    while (running) {
      const ping = await t.app.inject({ method: "GET", url: "/api/ping" });
      expect(ping.statusCode).toBe(200);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      pings += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    const result = await work();
    return { result, threads, pings, longest };
  } finally {
    running = false;
    await pinger;
    process.off("worker", started);
  }
}

async function uploaded(book: EpubBook = sample()) {
  const bytes = buildEpub(book);
  const answer = await upload(bytes);
  expect(answer.statusCode).toBe(200);
  return { bytes, answer: answer.json<UploadAnswer>() };
}

async function newBookFromUpload(
  overrides: Partial<{ copies: number; lendsLeft: number; price: number; categoryId: number }> = {},
  book?: EpubBook,
) {
  const { bytes, answer } = await uploaded(book);
  const category = overrides.categoryId ?? (await createCategory(t.database.db)).id;
  const created = await http.post<AdminBookAnswer>(
    "/api/admin/books/create",
    {
      uploadId: answer.uploadId,
      title: answer.metadata.title,
      author: answer.metadata.author,
      description: answer.metadata.description,
      categoryId: category,
      price: overrides.price ?? 2.5,
      copies: overrides.copies ?? 2,
      lendsLeft: overrides.lendsLeft ?? 10,
    },
    librarian.token,
  );
  expect(created.status).toBe(200);
  return { bytes, upload: answer, book: created.body.book };
}

const auditOf = async (action: string, targetId: string | number) =>
  (
    await http.get<AuditList>(`/api/admin/audit?action=${action}&pageSize=50`, admin.token)
  ).body.entries.filter((e) => e.targetId === String(targetId));

async function borrow(reader: TestUser, bookId: number | string) {
  return (await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, reader.token)).body;
}

async function readFile(reader: TestUser, bookId: number | string) {
  const link = await http.post<ContentResponse>("/api/books/content", { bookId }, reader.token);
  expect(link.status).toBe(200);
  return t.app.inject({ method: "GET", url: link.body.contentURL });
}

/** Asks until `seen` is true; answers how long that took. */
async function within(ms: number, seen: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await seen())) {
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe("the staff book list", () => {
  it("searches words of title and author, filters, sorts on the server and pages", async () => {
    const category = await createCategory(t.database.db);
    const author = `Quillfeather ${Date.now()}`;
    for (const [title, price] of [
      ["Amber Tides", 300],
      ["Copper Tides", 100],
      ["Bronze Tides", 200],
    ] as const)
      await createBook(t.database.db, { title, author, price, categoryId: category.id });
    const list = (query: string) =>
      http.get<AdminBooks>(`/api/admin/books?${query}`, librarian.token);

    const byPrice = await list(`q=quillfeather tides&sort=price&order=desc&pageSize=2`);
    expect(byPrice.status).toBe(200);
    expect(byPrice.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byPrice.body.books.map((b) => [b.title, b.price])).toEqual([
      ["Amber Tides", 3],
      ["Bronze Tides", 2],
    ]);
    const second = await list(`q=quillfeather tides&sort=price&order=desc&pageSize=2&page=2`);
    expect(second.body.books.map((b) => b.title)).toEqual(["Copper Tides"]);

    const byTitle = await list(`categoryId=${category.id}&sort=title`);
    expect(byTitle.body.books.map((b) => b.title)).toEqual([
      "Amber Tides",
      "Bronze Tides",
      "Copper Tides",
    ]);
    expect(byTitle.body.books[0]).toMatchObject({
      author,
      categoryId: String(category.id),
      categoryName: category.name,
      copies: 2,
      availableCopies: 2,
      onLoan: 0,
      lendsLeft: 10,
      retiredAt: null,
      coverUrl: null,
    });
    expect((await list(`q=${encodeURIComponent(author)} nothinglikethis`)).body.total).toBe(0);
    expect((await list(`categoryId=${category.id}&status=retired`)).body.total).toBe(0);
    expect((await list(`categoryId=${category.id}&status=active`)).body.total).toBe(3);
  });

  it("answers one book, 404 for an unknown one, and refuses readers", async () => {
    const book = await createBook(t.database.db);
    const one = await http.get<AdminBookAnswer>(
      `/api/admin/books/get?bookId=${book.id}`,
      librarian.token,
    );
    expect(one.body.book).toMatchObject({ bookId: String(book.id), title: book.title });
    const missing = await http.get<ErrorBody>(
      "/api/admin/books/get?bookId=999999",
      librarian.token,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("BOOK_NOT_FOUND");
    const reader = await createUser(t.app, t.database.db);
    expect((await http.get(`/api/admin/books`, reader.token)).status).toBe(403);
    expect(
      (await upload(buildEpub(sample()), "application/epub+zip", reader.token)).statusCode,
    ).toBe(403);
  });
});

describe("editing a book", () => {
  it("changes only the fields sent, keeps price in pence inside, and audits before and after", async () => {
    const book = await createBook(t.database.db, { price: 499, copies: 2 });
    const other = await createCategory(t.database.db);
    const changed = await http.post<AdminBookAnswer>(
      "/api/admin/books/update",
      {
        bookId: book.id,
        title: `${book.title} (revised)`,
        price: 6.5,
        categoryId: String(other.id),
        lendsLeft: 3,
      },
      librarian.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.book).toMatchObject({
      title: `${book.title} (revised)`,
      price: 6.5,
      categoryId: String(other.id),
      lendsLeft: 3,
      description: book.description,
    });
    const detail = await http.get<BookDetail>(`/api/books/get?bookId=${book.id}`);
    expect(detail.body).toMatchObject({ price: 6.5, lendsLeft: 3, category: other.name });
    const [entry] = await auditOf("book.update", book.id);
    expect(entry).toMatchObject({
      actorEmail: librarian.email,
      targetType: "book",
      before: {
        title: book.title,
        price: 4.99,
        categoryId: String(book.categoryId),
        lendsLeft: 10,
      },
      after: {
        title: `${book.title} (revised)`,
        price: 6.5,
        categoryId: String(other.id),
        lendsLeft: 3,
      },
    });
    // A search finds it by its new title at once.
    const found = await http.get<SearchResult>(
      `/api/books/search?title=${encodeURIComponent(`${book.title} (revised)`)}`,
    );
    expect(found.body.bookId).toEqual([String(book.id)]);
  });

  it("never lets copies go below the copies on loan (409), and moves the shelf by the same number", async () => {
    const book = await createBook(t.database.db, { copies: 3 });
    for (let i = 0; i < 2; i++) {
      const reader = await createUser(t.app, t.database.db, { balancePence: 2000 });
      expect((await borrow(reader, book.id)).state).toBe("success");
    }
    const refused = await http.post<ErrorBody>(
      "/api/admin/books/update",
      { bookId: book.id, copies: 1 },
      librarian.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "COPIES_BELOW_LENT",
      message: "2 copies are on loan: copies can't be fewer than that.",
    });
    const fewer = await http.post<AdminBookAnswer>(
      "/api/admin/books/update",
      { bookId: book.id, copies: 2 },
      librarian.token,
    );
    expect(fewer.body.book).toMatchObject({ copies: 2, availableCopies: 0, onLoan: 2 });
    expect((await auditOf("book.update", book.id))[0]).toMatchObject({
      before: { copies: 3 },
      after: { copies: 2 },
    });
  });

  it("puts copies added on the shelf, the book's queue served first", async () => {
    const book = await createBook(t.database.db, { copies: 1 });
    const more = await http.post<AdminBookAnswer>(
      "/api/admin/books/update",
      { bookId: book.id, copies: 4 },
      librarian.token,
    );
    expect(more.body.book).toMatchObject({ copies: 4, availableCopies: 4 });

    const queued = await createBook(t.database.db, { copies: 1, price: 100 });
    const lender = await createUser(t.app, t.database.db, { balancePence: 1_000 });
    const waiter = await createUser(t.app, t.database.db, { balancePence: 1_000 });
    const lent = await http.post<BorrowResult>(
      "/api/borrow/borrow",
      { bookId: queued.id },
      lender.token,
    );
    expect(lent.body.state).toBe("success");
    const placed = await http.post("/api/holds/place", { bookId: queued.id }, waiter.token);
    expect(placed.status).toBe(200);
    const added = await http.post<AdminBookAnswer>(
      "/api/admin/books/update",
      { bookId: queued.id, copies: 3 },
      librarian.token,
    );
    // One of the two copies added is kept for the waiting hold; the other is on the shelf.
    expect(added.body.book).toMatchObject({ copies: 3, availableCopies: 1, onLoan: 1 });
    const holds = await http.get<{ holds: { status: string }[] }>("/api/holds/list", waiter.token);
    expect(holds.body.holds.map((hold) => hold.status)).toEqual(["ready"]);
  });

  it("keeps title and author unique (409) and says 404 for an unknown book or category", async () => {
    const first = await createBook(t.database.db, { author: "Twin Author" });
    const second = await createBook(t.database.db, { author: "Twin Author" });
    const clash = await http.post<ErrorBody>(
      "/api/admin/books/update",
      { bookId: second.id, title: first.title },
      librarian.token,
    );
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "BOOK_EXISTS" });
    expect(clash.body.message).toContain(first.title);
    const unknown = await http.post<ErrorBody>(
      "/api/admin/books/update",
      { bookId: 999_999, price: 1 },
      librarian.token,
    );
    expect(unknown.body.code).toBe("BOOK_NOT_FOUND");
    const noCategory = await http.post<ErrorBody>(
      "/api/admin/books/update",
      { bookId: first.id, categoryId: 999_999 },
      librarian.token,
    );
    expect(noCategory.status).toBe(404);
    expect(noCategory.body.code).toBe("CATEGORY_NOT_FOUND");
    const nothing = await http.post<ErrorBody>(
      "/api/admin/books/update",
      { bookId: first.id },
      librarian.token,
    );
    expect(nothing.status).toBe(400);
  });
});

describe("retiring a book", () => {
  it("takes it out of search, popular and its category, refuses new loans, and lets open loans go on", async () => {
    const category = await createCategory(t.database.db);
    const title = `Retirable Ocean ${Date.now()}`;
    const { book } = await newBookFromUpload({ categoryId: category.id, copies: 3 });
    await http.post("/api/admin/books/update", { bookId: book.bookId, title }, librarian.token);
    await createBook(t.database.db, { categoryId: category.id });
    const loaned = await createUser(t.app, t.database.db, { balancePence: 2000 });
    expect((await borrow(loaned, book.bookId)).state).toBe("success");

    const search = () =>
      http.get<SearchResult>(`/api/books/search?title=${encodeURIComponent(title)}`);
    const popular = () => http.get<BookList>("/api/books/popular");
    const listed = () => http.get<BooksByCategory>(`/api/books?categoryId=${category.id}`);
    const counted = async () =>
      (await http.get<CategoriesList>("/api/categories/getAll")).body.categoriesList.find(
        (c) => c.id === String(category.id),
      )?.bookCount;
    // Read once, so the cached answers are there to be dropped.
    expect((await search()).body.bookId).toEqual([book.bookId]);
    expect(await counted()).toBe(2);

    const retired = await http.post<AdminBookAnswer>(
      "/api/admin/books/retire",
      { bookId: book.bookId, reason: "Withdrawn by the publisher" },
      librarian.token,
    );
    expect(retired.status).toBe(200);
    expect(retired.body.book.retiredAt).not.toBeNull();
    expect((await auditOf("book.retire", book.bookId))[0]).toMatchObject({
      before: { retiredAt: null },
      reason: "Withdrawn by the publisher",
    });
    const again = await http.post<ErrorBody>(
      "/api/admin/books/retire",
      { bookId: book.bookId },
      librarian.token,
    );
    expect(again.body.code).toBe("BOOK_RETIRED");

    expect((await search()).body.bookId).toEqual([]);
    expect((await popular()).body.bookId).not.toContain(book.bookId);
    expect((await listed()).body).toMatchObject({ total: 1 });
    expect((await listed()).body.bookId).not.toContain(book.bookId);
    expect(await counted()).toBe(1);
    expect((await http.get<CategoryDetail>(`/api/categories/${category.id}`)).body.bookCount).toBe(
      1,
    );
    const staffCategories = await http.get<{ categories: { categoryId: string; books: number }[] }>(
      "/api/admin/categories",
      librarian.token,
    );
    expect(
      staffCategories.body.categories.find((c) => c.categoryId === String(category.id))?.books,
    ).toBe(1);

    // Its page still answers, for its readers, but shows it cannot be borrowed.
    const detail = await http.get<BookDetail>(`/api/books/get?bookId=${book.bookId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ availableCopies: 0, lendsLeft: 0, totalCopies: 3 });
    const someoneElse = await createUser(t.app, t.database.db, { balancePence: 2000 });
    const refused = await borrow(someoneElse, book.bookId);
    expect(refused).toMatchObject({
      state: "Borrow failed.",
      InvalidBookIds: [book.bookId],
      balance: 20,
    });
    expect(refused.message).toContain("no longer lent");
    // Nor put in a cart or a wishlist: it is not in the catalogue any more.
    for (const list of ["cart", "wishlist"])
      expect(
        (await http.post(`/api/${list}/add`, { bookId: [book.bookId] }, someoneElse.token)).status,
      ).toBe(404);

    // The open loan goes on: the book can be read and returned.
    const file = await readFile(loaned, book.bookId);
    expect(file.statusCode).toBe(200);
    const returned = await http.post("/api/borrow/return", { bookId: book.bookId }, loaned.token);
    expect(returned.status).toBe(200);
    const afterReturn = await http.get<AdminBookAnswer>(
      `/api/admin/books/get?bookId=${book.bookId}`,
      librarian.token,
    );
    expect(afterReturn.body.book).toMatchObject({ onLoan: 0, availableCopies: 3 });

    const restored = await http.post<AdminBookAnswer>(
      "/api/admin/books/restore",
      { bookId: book.bookId },
      librarian.token,
    );
    expect(restored.body.book.retiredAt).toBeNull();
    expect(await auditOf("book.restore", book.bookId)).toHaveLength(1);
    expect((await search()).body.bookId).toEqual([book.bookId]);
    expect(await counted()).toBe(2);
    expect((await borrow(someoneElse, book.bookId)).state).toBe("success");
    const notRetired = await http.post<ErrorBody>(
      "/api/admin/books/restore",
      { bookId: book.bookId },
      librarian.token,
    );
    expect(notRetired.body.code).toBe("BOOK_NOT_RETIRED");
  });
});

describe("uploading an EPUB", () => {
  it("checks it, keeps it aside and answers its metadata and cover", async () => {
    const category = await createCategory(t.database.db, { name: `Sea Stories ${Date.now()}` });
    const files = unzipSync(buildEpub(sample({ title: "The Salt Road" })));
    files["OEBPS/content.opf"] = strToU8(
      strFromU8(files["OEBPS/content.opf"]!).replace(
        "<dc:language>",
        `<dc:subject>${category.name}</dc:subject>\n<dc:language>`,
      ),
    );
    const bytes = zipSync(files);
    const answer = await upload(bytes);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<UploadAnswer>();
    expect(body).toMatchObject({
      state: "success",
      size: bytes.length,
      metadata: {
        title: "The Salt Road",
        author: "Ida Porter",
        description: "A voyage & its return.",
        language: "en",
        year: 1901,
        subjects: [category.name],
        categoryId: String(category.id),
      },
    });
    expect(body.uploadId).toMatch(/^[a-z0-9-]{8,64}$/);
    expect(body.cover).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await t.content.has(`uploads/${body.uploadId}.epub`)).toBe(true);
    // Sent as octet-stream it is taken too.
    expect((await upload(buildEpub(sample()), "application/octet-stream")).statusCode).toBe(200);
  });

  const refusal = async (body: Uint8Array | string, contentType?: string) => {
    const answer = await upload(body, contentType);
    return { status: answer.statusCode, ...answer.json<ErrorBody>() };
  };

  it("refuses what is not an EPUB with a reason a librarian understands, storing nothing", async () => {
    const before = (await t.content.list("uploads/")).length;
    expect(await refusal("this is not a zip")).toMatchObject({
      status: 422,
      code: "EPUB_INVALID",
      message: "This file is not a valid EPUB: it is not a zip file.",
    });
    const noContainer = await refusal(
      rawZip([{ name: "mimetype", data: strToU8("application/epub+zip") }]),
    );
    expect(noContainer).toMatchObject({ status: 422, code: "EPUB_INVALID" });
    expect(noContainer.message).toContain("container.xml");
    const noMimetype = await refusal(rawZip(epubEntries().filter((e) => e.name !== "mimetype")));
    expect(noMimetype.message).toBe("This file is not a valid EPUB: it has no mimetype entry.");
    const drm = await refusal(
      rawZip(epubEntries([{ name: "META-INF/rights.xml", data: strToU8("<rights/>") }])),
    );
    expect(drm).toMatchObject({ status: 422, code: "EPUB_DRM" });
    expect(drm.message).toContain("DRM");
    expect(await refusal("{}", "application/json")).toMatchObject({ status: 415 });
    expect(await refusal("hello", "text/plain")).toMatchObject({
      status: 415,
      message: expect.stringContaining("application/epub+zip") as string,
    });
    expect((await t.content.list("uploads/")).length).toBe(before);
  });

  it("refuses entry names that point outside the book", async () => {
    for (const [name, words] of [
      ["../../etc/passwd", "points outside the book"],
      ["OEBPS/../../escape.xhtml", "points outside the book"],
      ["/etc/passwd", "absolute path"],
      ["OEBPS\\evil.xhtml", "backslash"],
      ["C:/Windows/evil.dll", "drive letter"],
    ]) {
      const answer = await refusal(rawZip(epubEntries([{ name: name!, data: strToU8("x") }])));
      expect(answer, name).toMatchObject({ status: 422, code: "EPUB_INVALID" });
      expect(answer.message, name).toContain(words);
    }
  });

  it(`refuses more than ${staffLimits.maxEntries} entries`, async () => {
    const many = Array.from({ length: staffLimits.maxEntries }, (_, i) => ({
      name: `OEBPS/filler/${i}.txt`,
      data: strToU8("x"),
    }));
    const answer = await refusal(rawZip(epubEntries(many)));
    expect(answer).toMatchObject({ status: 413, code: "EPUB_TOO_LARGE" });
    expect(answer.message).toContain("10,000");
  });

  it("refuses a zip bomb: declared huge, without unpacking it", async () => {
    const answer = await refusal(
      rawZip(
        epubEntries([
          {
            name: "OEBPS/huge.bin",
            data: strToU8("tiny"),
            method: 8,
            size: staffLimits.unpackedMaxBytes + 1,
          },
        ]),
      ),
    );
    expect(answer).toMatchObject({
      status: 413,
      code: "EPUB_TOO_LARGE",
      message: "This EPUB is too large: it unpacks to more than 200 MB, the most the shop takes.",
    });
  });

  it("refuses a zip bomb: declared small, unpacking huge, stopped where its size is passed", async () => {
    // 300 MB of zeros, packed to a few hundred KB, declaring 1000 bytes and then 2 MB.
    const bomb = await deflatedZeros(300);
    for (const size of [1000, 2 * 1024 * 1024]) {
      const answer = await refusal(
        rawZip(epubEntries([{ name: "OEBPS/bomb.bin", data: bomb, method: 8, size }])),
      );
      expect(answer).toMatchObject({ status: 413, code: "EPUB_TOO_LARGE" });
      expect(answer.message).toContain(
        `"OEBPS/bomb.bin" unpacks to more than the ${size.toLocaleString("en-GB")} bytes it declares`,
      );
    }
  });

  it("checks a large upload in a capped worker thread, the server answering all the while", async () => {
    // An honest bomb: 186 MiB unpacked (every size true, within the 200 MB), 4 MiB of it
    // pictures that do not pack; the checks unpack it all. Before, they ran on the event loop
    // and the NUL guard walked the body byte by byte: every other request waited seconds.
    const MiB = 1024 * 1024;
    const zeros = deflateRawSync(Buffer.alloc(MiB));
    const bytes = rawZip(
      epubEntries([
        { name: "OEBPS/images/plate.jpg", data: randomBytes(4 * MiB) },
        {
          name: "OEBPS/images/atlas.bin",
          data: await deflatedZeros(16),
          method: 8,
          size: 16 * MiB,
        },
        ...Array.from({ length: 166 }, (_, i) => ({
          name: `OEBPS/filler/${i}.bin`,
          data: zeros,
          method: 8 as const,
          size: MiB,
        })),
      ]),
    );
    const { result, threads, pings, longest } = await servingDuring(() => upload(bytes));
    expect(result.statusCode).toBe(200);
    expect(result.json<UploadAnswer>()).toMatchObject({ state: "success", size: bytes.length });
    // The checks ran in one worker thread with a memory cap, ended by the time of the answer.
    expect(threads).toHaveLength(1);
    expect(threads[0]!.limits?.maxOldGenerationSizeMb).toBeGreaterThan(0);
    expect(threads[0]!.limits?.maxOldGenerationSizeMb).toBeLessThanOrEqual(512);
    expect(threads[0]!.worker.resourceLimits).toEqual({});
    // Pings kept coming; a wait of a second is an order of magnitude past a busy machine's.
    expect(pings).toBeGreaterThan(1);
    expect(longest).toBeLessThan(1_000);
  });

  it("refuses a file whose checks need more memory than the cap with 413, and keeps serving", async () => {
    // Under 16 MB of package document (the most one may be) holding millions of empty
    // elements: packed to a few KB, a gigabyte once parsed.
    const bytes = rawZip(
      epubEntries().map((entry) =>
        entry.name === "OEBPS/content.opf"
          ? {
              ...entry,
              data: strToU8(
                strFromU8(entry.data).replace(
                  "</package>",
                  `${"<a/>".repeat(3_500_000)}</package>`,
                ),
              ),
            }
          : entry,
      ),
    );
    const { result, threads, pings } = await servingDuring(() => refusal(bytes));
    expect(result).toMatchObject({
      status: 413,
      code: "EPUB_TOO_LARGE",
      message: "This EPUB is too large: it needs more memory to check than the shop allows.",
    });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.worker.resourceLimits).toEqual({});
    expect(pings).toBeGreaterThan(1);
    expect((await t.app.inject({ method: "GET", url: "/api/ping" })).statusCode).toBe(200);
    // A good file after it is taken as ever.
    expect((await upload(buildEpub(sample()))).statusCode).toBe(200);
  });

  it(`refuses a file over ${staffLimits.uploadMaxBytes / (1024 * 1024)} MB with 413`, async () => {
    const answer = await refusal(new Uint8Array(staffLimits.uploadMaxBytes + 1));
    expect(answer).toMatchObject({
      status: 413,
      code: "UPLOAD_TOO_LARGE",
      message: "This file is larger than 50 MB, the most an EPUB upload can be.",
    });
  });

  it("throws away uploads no book was made of within a day", async () => {
    const { answer } = await uploaded();
    await sweepOldUploads(t.ctx);
    expect(await t.content.has(`uploads/${answer.uploadId}.epub`)).toBe(true);
    // The test clock stands still while real time (the files' times) runs on: an hour spare.
    const later = (staffLimits.uploadKeepHours + 1) * HOUR;
    t.clock.advance(later);
    try {
      expect(await sweepOldUploads(t.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advance(-later);
    }
    expect(await t.content.has(`uploads/${answer.uploadId}.epub`)).toBe(false);
    const gone = await http.post<ErrorBody>(
      "/api/admin/books/create",
      {
        uploadId: answer.uploadId,
        title: "Never Made",
        author: "Nobody",
        description: "x",
        categoryId: 1,
        price: 1,
        copies: 1,
        lendsLeft: 1,
      },
      librarian.token,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("UPLOAD_NOT_FOUND");
  });
});

describe("making a book of an upload", () => {
  it("stores the row, the file and the cover together; the book is borrowable and its file served", async () => {
    const {
      bytes,
      upload: sent,
      book,
    } = await newBookFromUpload({
      copies: 2,
      lendsLeft: 5,
      price: 3.25,
    });
    expect(book).toMatchObject({
      title: sent.metadata.title,
      price: 3.25,
      copies: 2,
      availableCopies: 2,
      lendsLeft: 5,
      year: 1901,
      language: "en",
      coverUrl: `/api/books/${book.bookId}/cover`,
    });
    expect(await t.content.has(`books/${book.bookId}.epub`)).toBe(true);
    expect(await t.content.has(`uploads/${sent.uploadId}.epub`)).toBe(false);
    const cover = await t.app.inject({ method: "GET", url: `/api/books/${book.bookId}/cover` });
    expect(cover.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(cover.body).toContain(sent.metadata.title.split(" ")[0]);
    const [entry] = await auditOf("book.create", book.bookId);
    expect(entry).toMatchObject({
      before: null,
      after: { title: sent.metadata.title, price: 3.25, copies: 2, lendsLeft: 5 },
    });

    const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    expect((await borrow(reader, book.bookId)).state).toBe("success");
    const file = await readFile(reader, book.bookId);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);

    // The same upload can't make a second book, nor the same title and author.
    const twice = await http.post<ErrorBody>(
      "/api/admin/books/create",
      {
        uploadId: sent.uploadId,
        title: "x",
        author: "y",
        description: "z",
        categoryId: book.categoryId,
        price: 1,
        copies: 1,
        lendsLeft: 1,
      },
      librarian.token,
    );
    expect(twice.body.code).toBe("UPLOAD_NOT_FOUND");
    const again = await uploaded();
    const duplicate = await http.post<ErrorBody>(
      "/api/admin/books/create",
      {
        uploadId: again.answer.uploadId,
        title: book.title,
        author: book.author,
        description: "z",
        categoryId: book.categoryId,
        price: 1,
        copies: 1,
        lendsLeft: 1,
      },
      librarian.token,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("BOOK_EXISTS");
    expect(await t.content.has(`uploads/${again.answer.uploadId}.epub`)).toBe(true);
  });

  it("serves an uploaded SVG cover under the drawn covers' policy, so nothing in it runs", async () => {
    const { book } = await newBookFromUpload(
      {},
      sample({
        coverSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
      }),
    );
    const reader = await createUser(t.app, t.database.db);
    const asReader = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${reader.token}` } });

    const stored = await asReader(`/api/books/${book.bookId}/cover`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(stored.body).toContain('viewBox="0 0 10 10"');
    const policy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    expect(stored.headers["content-security-policy"]).toBe(policy);
    expect(stored.headers["x-content-type-options"]).toBe("nosniff");

    const drawn = await asReader(`/api/books/${(await createBook(t.database.db)).id}/cover`);
    expect(drawn.body).toContain("<svg");
    expect(drawn.headers["content-security-policy"]).toBe(policy);
    expect(drawn.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("leaves no book and no file behind when storing its files fails, and the upload can be used again", async () => {
    const { answer } = await uploaded();
    const category = await createCategory(t.database.db);
    const request = {
      uploadId: answer.uploadId,
      title: answer.metadata.title,
      author: answer.metadata.author,
      description: answer.metadata.description,
      categoryId: category.id,
      price: 1,
      copies: 1,
      lendsLeft: 1,
    };
    const booksBefore = (await t.content.list("books/")).map((f) => f.key).sort();
    const store = t.content;
    // The EPUB is stored, then storing the cover fails: the row must not stay, nor the EPUB.
    const put = vi.spyOn(store, "put").mockImplementation(async (key, data) => {
      if (key.startsWith("covers/")) throw new Error("disk full");
      return FileContentStore.prototype.put.call(store, key, data);
    });
    try {
      const failed = await http.post<ErrorBody>(
        "/api/admin/books/create",
        request,
        librarian.token,
      );
      expect(failed.status).toBe(500);
    } finally {
      put.mockRestore();
    }
    const listed = await http.get<AdminBooks>(
      `/api/admin/books?q=${encodeURIComponent(answer.metadata.title)}`,
      librarian.token,
    );
    expect(listed.body.total).toBe(0);
    expect((await t.content.list("books/")).map((f) => f.key).sort()).toEqual(booksBefore);
    const made = await http.post<AdminBookAnswer>(
      "/api/admin/books/create",
      request,
      librarian.token,
    );
    expect(made.status).toBe(200);
    expect(await t.content.has(`books/${made.body.book.bookId}.epub`)).toBe(true);
  });

  it("replaces a book's file with a new version: readers get the new bytes, the old file goes", async () => {
    const { book } = await newBookFromUpload();
    const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    expect((await borrow(reader, book.bookId)).state).toBe("success");
    const next = await uploaded(sample({ title: book.title, description: "Second edition." }));
    const replaced = await http.post<AdminBookAnswer>(
      "/api/admin/books/replaceFile",
      { bookId: book.bookId, uploadId: next.answer.uploadId },
      librarian.token,
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.book.coverUrl).toBe(`/api/books/${book.bookId}/cover?v=1`);
    expect(await t.content.has(`books/${book.bookId}-v1.epub`)).toBe(true);
    expect(await t.content.has(`books/${book.bookId}.epub`)).toBe(false);
    const file = await readFile(reader, book.bookId);
    expect(Buffer.compare(file.rawPayload, Buffer.from(next.bytes))).toBe(0);
    expect((await auditOf("book.replaceFile", book.bookId))[0]).toMatchObject({
      before: { file: `books/${book.bookId}.epub` },
      after: { file: `books/${book.bookId}-v1.epub`, size: next.bytes.length },
    });
    const unknown = await http.post<ErrorBody>(
      "/api/admin/books/replaceFile",
      { bookId: 999_999, uploadId: (await uploaded()).answer.uploadId },
      librarian.token,
    );
    expect(unknown.body.code).toBe("BOOK_NOT_FOUND");
  });

  it("makes a seed's sample edition a full book with its file: the console and the shop's answers say so at once", async () => {
    const listed = await http.get<AdminBooks>(
      "/api/admin/books?q=wuthering%20heights",
      librarian.token,
    );
    const book = listed.body.books.find((b) => b.title === "Wuthering Heights")!;
    expect(book.sample).toBe(true);
    // The shop's cached answers (decision 010) hold it as a sample.
    const search = () => http.get<SearchResult>("/api/books/search?title=wuthering");
    const popular = () => http.get<BookList>("/api/books/popular");
    const inPopular = async () =>
      (await popular()).body.books.find((b) => b.bookId === book.bookId)?.sample;
    expect((await search()).body.books[0]).toMatchObject({ bookId: book.bookId, sample: true });
    expect(await inPopular()).toBe(true);
    const next = await uploaded(sample({ title: book.title, author: book.author }));
    const replaced = await http.post<AdminBookAnswer>(
      "/api/admin/books/replaceFile",
      { bookId: book.bookId, uploadId: next.answer.uploadId },
      librarian.token,
    );
    expect(replaced.body.book.sample).toBe(false);
    const detail = await http.get<BookDetail>(`/api/books/get?bookId=${book.bookId}`);
    expect(detail.body.sample).toBe(false);
    expect((await search()).body.books[0]).toMatchObject({ bookId: book.bookId, sample: false });
    expect(await inPopular()).toBe(false);
  });
});

describe("categories", () => {
  it("adds one with a slug from its name, refuses a name taken, renames and audits", async () => {
    const stamp = Date.now();
    const made = await http.post<{ category: { categoryId: string; slug: string; books: number } }>(
      "/api/admin/categories/create",
      { name: `Tales of the Sea ${stamp}`, description: "Ships and storms." },
      librarian.token,
    );
    expect(made.status).toBe(200);
    expect(made.body.category).toMatchObject({ slug: `tales-of-the-sea-${stamp}`, books: 0 });
    const id = made.body.category.categoryId;
    const taken = await http.post<ErrorBody>(
      "/api/admin/categories/create",
      { name: `TALES of the sea ${stamp}`, description: "Again." },
      librarian.token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: "CATEGORY_EXISTS",
      message: `There is already a category named "Tales of the Sea ${stamp}".`,
    });
    const all = await http.get<CategoriesList>("/api/categories/getAll");
    expect(all.body.categoriesList.some((c) => c.id === id)).toBe(true);

    const renamed = await http.post<{ category: { slug: string; name: string } }>(
      "/api/admin/categories/update",
      { categoryId: id, name: `Sea Tales ${stamp}` },
      librarian.token,
    );
    expect(renamed.body.category).toMatchObject({
      name: `Sea Tales ${stamp}`,
      slug: `sea-tales-${stamp}`,
    });
    const book = await createBook(t.database.db, { categoryId: Number(id) });
    expect((await http.get<BookDetail>(`/api/books/get?bookId=${book.id}`)).body.category).toBe(
      `Sea Tales ${stamp}`,
    );
    const clash = await http.post<ErrorBody>(
      "/api/admin/categories/update",
      { categoryId: id, name: all.body.categoriesList.find((c) => c.id !== id)!.name },
      librarian.token,
    );
    expect(clash.body.code).toBe("CATEGORY_EXISTS");
    const missing = await http.post<ErrorBody>(
      "/api/admin/categories/update",
      { categoryId: 999_999, description: "x" },
      librarian.token,
    );
    expect(missing.body.code).toBe("CATEGORY_NOT_FOUND");
    expect((await auditOf("category.create", id))[0]).toMatchObject({
      after: { name: `Tales of the Sea ${stamp}`, slug: `tales-of-the-sea-${stamp}` },
    });
    expect((await auditOf("category.update", id))[0]).toMatchObject({
      before: { name: `Tales of the Sea ${stamp}` },
      after: { name: `Sea Tales ${stamp}`, slug: `sea-tales-${stamp}` },
    });
  });
});

describe("a change reaches every server process", () => {
  it("notices a version raised by another process by polling, and drops its cached lists", async () => {
    const category = await createCategory(t.database.db);
    const names = async () =>
      (await http.get<CategoriesList>("/api/categories/getAll")).body.categoriesList.map(
        (c) => c.name,
      );
    await names(); // cached from here on, for 30 seconds unless dropped
    // As another process would: the change and the version in one transaction, nothing told.
    const renamed = `${category.name} Renamed`;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update categories set name = ${renamed} where id = ${category.id}`);
      await tx.execute(sql`update catalogue_version set version = version + 1`);
    });
    expect(await within(1000, async () => (await names()).includes(renamed))).toBeLessThan(1000);
  });

  it("shows a change made through one app in another on the same database within a second", async () => {
    const other = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const otherHttp = httpClient(other.app);
      const name = `Far Process ${Date.now()}`;
      const names = async () =>
        (await otherHttp.get<CategoriesList>("/api/categories/getAll")).body.categoriesList.map(
          (c) => c.name,
        );
      expect(await names()).not.toContain(name);
      await http.post("/api/admin/categories/create", { name, description: "x" }, librarian.token);
      expect(await within(1000, async () => (await names()).includes(name))).toBeLessThan(1000);

      const book = await createBook(t.database.db, { title: `Far Retire ${Date.now()}` });
      const search = async () =>
        (
          await otherHttp.get<SearchResult>(
            `/api/books/search?title=${encodeURIComponent(book.title)}`,
          )
        ).body.bookId;
      expect(await search()).toEqual([String(book.id)]);
      await http.post("/api/admin/books/retire", { bookId: book.id }, librarian.token);
      expect(await within(1000, async () => (await search()).length === 0)).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});
