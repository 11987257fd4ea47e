import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { AdminBookAnswer, UploadAnswer } from "@folio/contract/admin";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ContentResponse, PublicationLink } from "@folio/contract/reading";
import { count, desc, eq } from "drizzle-orm";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR, MINUTE } from "../../clock";
import { books, sessions } from "../../db/schema";
import { ensureSeedEditions } from "../../seed/seed";
import { bookContentKey, publicationKey } from "../../storage/content-store";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook, createCategory } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { drawCover } from "../catalogue";
import { buildEpub, type EpubBook } from "./epub";
import { importFiles } from "./import";
import { readPublicationFile } from "./publication/stored";
import type { PositionList, WebPubManifest } from "./publication/types";
import { signContentUrl, signPublicationGrant } from "./signed-url";

let http: ReturnType<typeof httpClient>;
let librarian: TestUser;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
  librarian = await createStaff(t.app, t.database.db, "librarian");
});

let made = 0;
const edition = (overrides: Partial<EpubBook> = {}): EpubBook => {
  made += 1;
  const title = overrides.title ?? `Publication Test ${made} ${Date.now()}`;
  return {
    identifier: `urn:test:publication-${made}`,
    title,
    author: "Test Author",
    language: "en",
    description: "A test book.",
    publisher: "Tests",
    modified: "2026-01-01T00:00:00Z",
    coverSvg: drawCover(title, "Test Author"),
    chapters: [
      { title: "One", paragraphs: ["It was a test.", "x ".repeat(1500)] },
      { title: "Two", paragraphs: ["It went on."] },
    ],
    ...overrides,
  };
};

const borrow = async (reader: TestUser, bookId: number) => {
  const result = await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, reader.token);
  expect(result.body.state).toBe("success");
};

/** A book whose EPUB was stored before publications were (no publication file), borrowed. */
async function borrowedBook(book: EpubBook = edition()) {
  const row = await createBook(t.database.db, { copies: 3, price: 100 });
  const epub = buildEpub(book);
  await t.content.put(bookContentKey(row.id), epub);
  const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
  await borrow(reader, row.id);
  return { bookId: row.id, reader, epub };
}

const linkFor = (reader: TestUser, bookId: number) =>
  http.post<Omit<PublicationLink, "state"> & Omit<ErrorBody, "state">>(
    "/api/reading/publication",
    { bookId },
    reader.token,
  );

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

/** A resource's URL: its manifest href resolved against the manifest's URL, as a browser does. */
const beside = (manifestURL: string, href: string) => {
  const url = new URL(href, `http://shop.test${manifestURL}`);
  return url.pathname + url.search;
};

async function manifestOf(reader: TestUser, bookId: number) {
  const link = await linkFor(reader, bookId);
  expect(link.status).toBe(200);
  const answer = await get(link.body.manifestURL);
  expect(answer.statusCode).toBe(200);
  return { link: link.body, manifest: answer.json<WebPubManifest>(), answer };
}

const uploadEpub = (bytes: Uint8Array) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/books/upload",
    headers: { authorization: `Bearer ${librarian.token}`, "content-type": "application/epub+zip" },
    payload: Buffer.from(bytes),
  });

describe("Moby-Dick as a Readium Web Publication", () => {
  it("is seeded with its publication, and served with its chapters in order, a toc and positions", async () => {
    expect(await ensureSeedEditions(t.database.db, t.content)).toBeGreaterThan(100);
    const [moby] = await t.database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.title, "Moby-Dick"));
    const stored = await t.content.get(publicationKey(moby!.id));
    expect(stored).not.toBeNull();
    expect(readPublicationFile(stored!)?.manifest.metadata.title).toBe("Moby-Dick");
    // Seeding again writes nothing: every book has its EPUB and its publication.
    expect(await ensureSeedEditions(t.database.db, t.content)).toBe(0);

    const reader = await createUser(t.app, t.database.db, { balancePence: 2000 });
    await borrow(reader, moby!.id);
    const { link, manifest, answer } = await manifestOf(reader, moby!.id);
    expect(link.manifestURL).toMatch(
      new RegExp(
        `^/api/publications/${moby!.id}/[A-Za-z0-9-]+\\.\\d+\\.\\d+\\.[\\w-]+/manifest\\.json$`,
      ),
    );
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime() + 11 * HOUR);
    expect(new Date(link.expiresAt).getTime()).toBeLessThanOrEqual(
      t.clock.now().getTime() + 12 * HOUR,
    );
    expect(new Date(link.dueAt).getTime()).toBeGreaterThan(t.clock.now().getTime() + 13 * DAY);
    expect(answer.headers["content-type"]).toBe("application/webpub+json");
    expect(answer.headers["cache-control"]).toBe("no-store");

    expect(manifest.metadata).toMatchObject({ title: "Moby-Dick", author: "Herman Melville" });
    const hrefs = manifest.readingOrder.map((l) => l.href);
    expect(hrefs[0]).toBe("OEBPS/title.xhtml");
    expect(hrefs.slice(1)).toEqual(
      hrefs.slice(1).map((_, i) => `OEBPS/chapter-${String(i + 1).padStart(3, "0")}.xhtml`),
    );
    expect(manifest.toc.length).toBeGreaterThan(130);
    const loomings = manifest.toc.find((l) => l.title === "Chapter 1. Loomings.")!;
    const chapter = await get(beside(link.manifestURL, loomings.href));
    expect(chapter.statusCode).toBe(200);
    expect(chapter.headers["content-type"]).toBe("application/xhtml+xml");
    expect(chapter.body).toContain("Call me Ishmael.");

    const positionsLink = manifest.links.find((l) => l.href === "positions.json")!;
    const positionsAnswer = await get(beside(link.manifestURL, positionsLink.href));
    expect(positionsAnswer.headers["content-type"]).toBe(
      "application/vnd.readium.position-list+json",
    );
    const positions = positionsAnswer.json<PositionList>();
    const files = unzipSync(new Uint8Array((await t.content.get(bookContentKey(moby!.id)))!));
    const expected = hrefs
      .map((href) => Math.max(1, Math.ceil(files[href]!.length / 1024)))
      .reduce((a, b) => a + b, 0);
    expect(positions.total).toBe(expected);
    expect(positions.positions.length).toBe(expected);
    for (let i = 1; i < positions.positions.length; i++) {
      expect(positions.positions[i]!.locations.totalProgression).toBeGreaterThan(
        positions.positions[i - 1]!.locations.totalProgression,
      );
      expect(positions.positions[i]!.locations.position).toBe(i + 1);
    }
    expect(positions.positions.at(-1)!.locations.totalProgression).toBeLessThan(1);
  });
});

describe("publication links", () => {
  it("need a login and an open loan", async () => {
    const { bookId } = await borrowedBook();
    const anonymous = await http.post<ErrorBody>("/api/reading/publication", { bookId });
    expect(anonymous.status).toBe(401);
    const stranger = await createUser(t.app, t.database.db);
    const refused = await linkFor(stranger, bookId);
    expect(refused.status).toBe(400);
    const content = await http.post<ErrorBody>("/api/books/content", { bookId }, stranger.token);
    expect(refused.body).toEqual(content.body);
    expect(refused.body.message).toBe("You need to borrow this book first before reading it");
  });

  it("builds and stores the publication of a book stored before publications, once", async () => {
    const { bookId, reader } = await borrowedBook();
    expect(await t.content.has(publicationKey(bookId))).toBe(false);
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(manifestURL)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const stored = readPublicationFile((await t.content.get(publicationKey(bookId)))!);
    expect(stored?.manifest).toEqual(answers[0]!.json());
  });

  it("serves byte ranges of a resource", async () => {
    const { bookId, reader } = await borrowedBook();
    const { link, manifest } = await manifestOf(reader, bookId);
    const url = beside(link.manifestURL, manifest.readingOrder[1]!.href);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const size = whole.rawPayload.length;
    const part = await get(url, { range: "bytes=10-19" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    const tail = await get(url, { range: "bytes=-5" });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);
    const beyond = await get(url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
  });

  it("answers an unknown file with 404, and a path that leaves the book with 400, never a file", async () => {
    const canary = `CANARY-${Date.now()}`;
    await writeFile(path.join(t.dataDir, "canary.txt"), canary);
    await writeFile(path.join(t.dataDir, "content", "canary.txt"), canary);
    const { bookId, reader } = await borrowedBook();
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    const base = manifestURL.replace(/manifest\.json$/, "");
    const missing = await get(`${base}OEBPS/no-such-chapter.xhtml`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>()).toMatchObject({
      code: "PUBLICATION_FILE_NOT_FOUND",
      message: "This book has no file at that address. Please open the book again.",
    });
    for (const attempt of [
      "..%2F..%2F..%2F..%2Fcanary.txt",
      "OEBPS%2F..%2F..%2F..%2F..%2F..%2Fcanary.txt",
      "%2e%2e/%2e%2e/%2e%2e/%2e%2e/canary.txt",
      "%2e%2e%2f%2e%2e%2fcanary.txt",
      "OEBPS/%2e%2e/%2e%2e/canary.txt",
      "OEBPS%5C..%5C..%5Ccanary.txt",
      "%2Fetc%2Fpasswd",
      "%252e%252e%252fcanary.txt",
      "OEBPS//chapter-001.xhtml",
      "OEBPS/chapter-001.xhtml%00",
    ]) {
      const answer = await get(`${base}${attempt}`);
      expect([400, 404], attempt).toContain(answer.statusCode);
      expect(answer.body, attempt).not.toContain(canary);
      expect(answer.body, attempt).not.toContain("root:");
    }
    const traversal = await get(`${base}%2e%2e%2f%2e%2e%2fcanary.txt`);
    expect(traversal.json<ErrorBody>()).toMatchObject({
      code: "PUBLICATION_PATH_INVALID",
      message: "That address does not name a file inside this book.",
    });
  });
});

describe("every request under a publication link is checked", () => {
  const grantOf = (manifestURL: string) => manifestURL.split("/")[4]!;
  const withGrant = (manifestURL: string, grant: string, file = "manifest.json") =>
    manifestURL.split("/").slice(0, 4).concat(grant, file).join("/");

  it("refuses a tampered grant, another reader's, another book's, or a content link's signature", async () => {
    const { bookId, reader } = await borrowedBook();
    const other = await borrowedBook();
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    const [user, session, expires, signature] = grantOf(manifestURL).split(".") as [
      string,
      string,
      string,
      string,
    ];
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const contentLink = new URL(
      signContentUrl(t.config.secret, {
        bookId,
        userId: user,
        sessionId: Number(session),
        expires: Number(expires),
      }),
      "http://x",
    );
    const tampered = [
      `${user}.${session}.${expires}.${flip(signature)}`,
      `${other.reader.id}.${session}.${expires}.${signature}`,
      `${user}.${Number(session) + 1}.${expires}.${signature}`,
      `${user}.${session}.${Number(expires) + 3600}.${signature}`,
      `${user}.${session}.${expires}`,
      `${user}.${session}.${expires}.${contentLink.searchParams.get("s")}`,
      "nonsense",
    ];
    for (const grant of tampered) {
      for (const file of ["manifest.json", "positions.json", "OEBPS/chapter-001.xhtml"]) {
        const answer = await get(withGrant(manifestURL, grant, file));
        expect(answer.statusCode, grant).toBe(403);
        expect(answer.json<ErrorBody>().code, grant).toBe("CONTENT_LINK_INVALID");
      }
    }
    // The reader's grant on another reader's book (which this reader has not borrowed).
    const elsewhere = await get(
      `/api/publications/${other.bookId}/${grantOf(manifestURL)}/manifest.json`,
    );
    expect(elsewhere.statusCode).toBe(403);
    // Properly signed, in the other reader's own live session, but for a book not lent to them.
    const [otherSession] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, other.reader.id));
    const otherGrant = signPublicationGrant(t.config.secret, {
      bookId,
      userId: other.reader.id,
      sessionId: Number(otherSession!.id),
      expires: Number(expires),
    });
    const notLent = await get(withGrant(manifestURL, otherGrant));
    expect(notLent.statusCode).toBe(400);
    expect(notLent.json<ErrorBody>().code).toBe("NOT_BORROWED");
    // …while the same signing for their own book works: the check above is the loan's.
    const ownGrant = signPublicationGrant(t.config.secret, {
      bookId: other.bookId,
      userId: other.reader.id,
      sessionId: Number(otherSession!.id),
      expires: Number(expires),
    });
    expect(
      (await get(`/api/publications/${other.bookId}/${ownGrant}/manifest.json`)).statusCode,
    ).toBe(200);
  });

  it("refuses an expired link with 403", async () => {
    const { bookId, reader } = await borrowedBook();
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    t.clock.advance(12 * HOUR + MINUTE);
    const manifest = await get(manifestURL);
    const chapter = await get(manifestURL.replace("manifest.json", "OEBPS/chapter-001.xhtml"));
    t.clock.set(new Date());
    for (const answer of [manifest, chapter]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json<ErrorBody>()).toMatchObject({
        code: "CONTENT_LINK_EXPIRED",
        message: "This reading link has expired. Please open the book again.",
      });
    }
  });

  it("ends with the session it was made in", async () => {
    const { bookId, reader } = await borrowedBook();
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    expect((await get(manifestURL)).statusCode).toBe(200);
    expect((await http.post("/api/auth/logout", undefined, reader.token)).status).toBe(200);
    const after = await get(manifestURL.replace("manifest.json", "OEBPS/chapter-001.xhtml"));
    expect(after.statusCode).toBe(403);
    expect(after.json<ErrorBody>().code).toBe("CONTENT_LINK_ENDED");
  });

  it("ends with the loan: returned, or overdue", async () => {
    const { bookId, reader } = await borrowedBook();
    const { manifestURL } = (await linkFor(reader, bookId)).body;
    expect((await get(manifestURL)).statusCode).toBe(200);
    await http.post("/api/borrow/return", { bookId }, reader.token);
    for (const file of ["manifest.json", "positions.json", "OEBPS/chapter-001.xhtml"]) {
      const answer = await get(manifestURL.replace("manifest.json", file));
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ErrorBody>().code).toBe("NOT_BORROWED");
    }

    const second = await borrowedBook();
    const link = (await linkFor(second.reader, second.bookId)).body;
    t.clock.set(new Date(new Date(link.dueAt).getTime() + MINUTE));
    // Signed in again once overdue (sessions idle out too), so the loan is what refuses it.
    const login = await http.post<{ token: string }>("/api/auth/login", {
      email: second.reader.email,
      password: second.reader.password,
    });
    const [latest] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, second.reader.id))
      .orderBy(desc(sessions.id))
      .limit(1);
    const overdueGrant = signPublicationGrant(t.config.secret, {
      bookId: second.bookId,
      userId: second.reader.id,
      sessionId: latest!.id,
      expires: Math.floor((t.clock.now().getTime() + HOUR) / 1000),
    });
    const overdue = await get(withGrant(link.manifestURL, overdueGrant));
    const overdueLink = await http.post<ErrorBody>(
      "/api/reading/publication",
      { bookId: second.bookId },
      login.body.token,
    );
    t.clock.set(new Date());
    expect(overdue.statusCode).toBe(400);
    expect(overdue.json<ErrorBody>().code).toBe("NOT_BORROWED");
    expect(overdueLink.status).toBe(400);
  });
});

/** An EPUB whose chapters carry an inline script, an external one and event handlers. */
function scriptedEpub(book: EpubBook): Uint8Array {
  const files = unzipSync(buildEpub(book)) as Zippable;
  const chapterOne = strFromU8(files["OEBPS/chapter-001.xhtml"] as Uint8Array)
    .replace(
      "<head>",
      '<head>\n<script type="text/javascript">window.stolen = localStorage;</script>',
    )
    .replace("</head>", '<script src="evil.js"></script>\n</head>')
    .replace("<body>", "<body onload=\"fetch('/api/users/me')\">")
    .replace("<h2>", '<h2 onclick="alert(1)"><a href="javascript:alert(2)">x</a>');
  const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array).replace(
    "</manifest>",
    '<item id="evil" href="evil.js" media-type="application/javascript"/>\n<item id="pic" href="pic.svg" media-type="image/svg+xml"/>\n</manifest>',
  );
  return zipSync({
    ...files,
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "OEBPS/content.opf": strToU8(opf),
    "OEBPS/chapter-001.xhtml": strToU8(chapterOne),
    "OEBPS/evil.js": strToU8("document.title = 'owned'"),
    "OEBPS/pic.svg": strToU8(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(3)"><script>alert(4)</script><rect width="1" height="1"/></svg>',
    ),
  });
}

/** Makes a book of an EPUB through the staff console's upload, as a librarian does. */
async function staffBook(epub: Uint8Array) {
  const upload = await uploadEpub(epub);
  expect(upload.statusCode).toBe(200);
  const answer = upload.json<UploadAnswer>();
  const created = await http.post<AdminBookAnswer>(
    "/api/admin/books/create",
    {
      uploadId: answer.uploadId,
      title: answer.metadata.title,
      author: answer.metadata.author,
      description: answer.metadata.description,
      categoryId: (await createCategory(t.database.db)).id,
      price: 1,
      copies: 3,
      lendsLeft: 10,
    },
    librarian.token,
  );
  expect(created.status).toBe(200);
  return Number(created.body.book.bookId);
}

describe("books from the staff console", () => {
  it("are stored with their publication, and their scripts never reach a reader", async () => {
    const bookId = await staffBook(scriptedEpub(edition()));
    expect(await t.content.has(publicationKey(bookId))).toBe(true);
    const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    await borrow(reader, bookId);
    const { link } = await manifestOf(reader, bookId);
    const chapter = await get(beside(link.manifestURL, "OEBPS/chapter-001.xhtml"));
    expect(chapter.statusCode).toBe(200);
    expect(chapter.headers["content-security-policy"]).toBe(
      "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self'; sandbox",
    );
    expect(chapter.body).not.toMatch(
      /<script|localStorage|evil\.js|onload|onclick|javascript:|fetch\(/i,
    );
    // Still the chapter, and still XML.
    expect(chapter.body).toContain("It was a test.");
    expect(chapter.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(chapter.body).toContain('<link rel="stylesheet" type="text/css" href="style.css"/>');

    const svg = await get(beside(link.manifestURL, "OEBPS/pic.svg"));
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    // The script file itself is served as plain text, which no browser runs.
    const script = await get(beside(link.manifestURL, "OEBPS/evil.js"));
    expect(script.headers["content-type"]).toBe("text/plain");
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses an EPUB the reader could not open at upload, storing nothing", async () => {
    const files = unzipSync(buildEpub(edition())) as Zippable;
    const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array).replace(
      /<spine toc="ncx">[\s\S]*<\/spine>/,
      '<spine toc="ncx"></spine>',
    );
    const broken = zipSync({
      ...files,
      mimetype: [strToU8("application/epub+zip"), { level: 0 }],
      "OEBPS/content.opf": strToU8(opf),
    });
    const uploadsBefore = (await t.content.list("uploads/")).length;
    const publicationsBefore = (await t.content.list("publications/")).length;
    const [booksBefore] = await t.database.db.select({ n: count() }).from(books);
    const answer = await uploadEpub(broken);
    expect(answer.statusCode).toBe(422);
    expect(answer.json<ErrorBody>()).toMatchObject({
      code: "EPUB_INVALID",
      message: "This file is not a valid EPUB: the book has no reading order.",
    });
    // The import command refuses it the same way.
    const file = path.join(t.dataDir, "broken.epub");
    await writeFile(file, broken);
    expect(await importFiles(t.database.db, t.content, [file], {})).toEqual([
      { file, status: "rejected", reason: "the book has no reading order" },
    ]);
    const [booksAfter] = await t.database.db.select({ n: count() }).from(books);
    expect(booksAfter?.n).toBe(booksBefore?.n);
    expect((await t.content.list("uploads/")).length).toBe(uploadsBefore);
    expect((await t.content.list("publications/")).length).toBe(publicationsBefore);
  });

  it("replaced, serve the new publication and delete the old one", async () => {
    const first = edition();
    const bookId = await staffBook(buildEpub(first));
    const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    await borrow(reader, bookId);
    const before = await manifestOf(reader, bookId);
    expect(before.manifest.toc.map((l) => l.title)).toEqual([first.title, "One", "Two"]);
    const oldChapter = await get(beside(before.link.manifestURL, "OEBPS/chapter-002.xhtml"));
    expect(oldChapter.body).toContain("It went on.");

    const upload = await uploadEpub(
      buildEpub({
        ...first,
        chapters: [
          { title: "Uno", paragraphs: ["A new beginning."] },
          { title: "Dos", paragraphs: ["A new middle."] },
          { title: "Tres", paragraphs: ["A new end."] },
        ],
      }),
    );
    const replaced = await http.post(
      "/api/admin/books/replaceFile",
      { bookId, uploadId: upload.json<UploadAnswer>().uploadId },
      librarian.token,
    );
    expect(replaced.status).toBe(200);
    expect(await t.content.has(publicationKey(bookId, 1))).toBe(true);
    expect(await t.content.has(publicationKey(bookId))).toBe(false);

    // The same link now serves the new file: the loan is checked, and the file looked up, each time.
    const after = await get(before.link.manifestURL);
    expect(after.json<WebPubManifest>().toc.map((l) => l.title)).toEqual([
      first.title,
      "Uno",
      "Dos",
      "Tres",
    ]);
    const newChapter = await get(beside(before.link.manifestURL, "OEBPS/chapter-002.xhtml"));
    expect(newChapter.body).toContain("A new middle.");
    const content = await http.post<ContentResponse>(
      "/api/books/content",
      { bookId },
      reader.token,
    );
    expect(content.status).toBe(200);
  });
});
