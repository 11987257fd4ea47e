import type { PublicationLink } from "@folio/contract/reading";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { memoryBookCaches } from "./memory-book-caches";
import { openOfflineDb, type OfflineDb } from "./offline-db";
import {
  createOfflineBooks,
  OfflineDownloadError,
  publicationPaths,
  type OfflineBook,
  type OfflineBooks,
} from "./offline-books";
import { answerOfflineBook } from "./serve-offline-book";

const ORIGIN = "http://folio.test";
const BASE = "/api/publications/7/grant-abc/";
const XHTML = "application/xhtml+xml";
const SANDBOX = "default-src 'none'; sandbox";

const manifest = {
  "@context": "https://readium.org/webpub-manifest/context.jsonld",
  metadata: { title: "Moby-Dick" },
  links: [
    { rel: "self", href: "manifest.json", type: "application/webpub+json" },
    { href: "positions.json", type: "application/vnd.readium.position-list+json" },
  ],
  readingOrder: [
    { href: "OEBPS/chapter%201.xhtml", type: XHTML },
    { href: "OEBPS/chapter-002.xhtml", type: XHTML },
  ],
  resources: [
    { href: "OEBPS/style.css", type: "text/css" },
    { href: "OEBPS/images/cover.jpg", type: "image/jpeg", rel: "cover" },
    { href: "https://elsewhere.example/font.woff2", type: "font/woff2" },
    { href: "../../8/other/secret.xhtml", type: XHTML },
  ],
  toc: [
    {
      href: "OEBPS/chapter%201.xhtml#loomings",
      title: "Loomings",
      children: [{ href: "OEBPS/chapter-002.xhtml#carpet-bag", title: "The Carpet-Bag" }],
    },
  ],
};

/** The publication routes of the server for one book: each file under the signed prefix. */
function publicationServer() {
  const files = new Map<string, { body: string; type: string }>([
    ["manifest.json", { body: JSON.stringify(manifest), type: "application/webpub+json" }],
    ["positions.json", { body: '{"total":3,"positions":[]}', type: "application/json" }],
    ["OEBPS/chapter%201.xhtml", { body: "<html>Call me Ishmael.</html>", type: XHTML }],
    ["OEBPS/chapter-002.xhtml", { body: "<html>I stuffed a shirt or two.</html>", type: XHTML }],
    ["OEBPS/style.css", { body: "p { margin: 0 }", type: "text/css" }],
    ["OEBPS/images/cover.jpg", { body: "JPEG-BYTES", type: "image/jpeg" }],
  ]);
  const asked: string[] = [];
  const broken = new Set<string>();
  let unreachable = false;
  return {
    asked,
    breaks: (path: string) => broken.add(path),
    goesAway: () => {
      unreachable = true;
    },
    bytes: () => [...files.values()].reduce((sum, file) => sum + file.body.length, 0),
    fetch: async (url: string) => {
      asked.push(url);
      if (unreachable) throw new TypeError("Failed to fetch");
      const path = new URL(url).pathname;
      const file = path.startsWith(BASE) ? files.get(path.slice(BASE.length)) : undefined;
      if (!file || broken.has(path.slice(BASE.length))) {
        return new Response('{"state":"error"}', { status: 404 });
      }
      return new Response(file.body, {
        headers: { "content-type": file.type, "content-security-policy": SANDBOX },
      });
    },
  };
}

const link = (dueAt = "2030-01-15T12:00:00.000Z"): PublicationLink => ({
  state: "success",
  manifestURL: `${BASE}manifest.json`,
  expiresAt: "2030-01-01T00:00:00.000Z",
  dueAt,
});

describe("offline copies of borrowed books", () => {
  let db: OfflineDb;
  let caches: ReturnType<typeof memoryBookCaches>;
  let server: ReturnType<typeof publicationServer>;
  let now: Date;
  let books: OfflineBooks;

  beforeEach(() => {
    db = openOfflineDb(new IDBFactory());
    caches = memoryBookCaches();
    server = publicationServer();
    now = new Date("2030-01-01T09:00:00.000Z");
    books = createOfflineBooks({
      db,
      caches,
      fetch: server.fetch,
      now: () => now,
      baseURL: () => `${ORIGIN}/reader?bookId=7`,
    });
  });

  it("keeps the manifest, the positions and every resource under the book's offline address", async () => {
    const progress: number[] = [];
    const book = await books.download("7", link(), "Moby-Dick", (p) => progress.push(p));

    expect(book).toEqual({
      bookId: "7",
      title: "Moby-Dick",
      dueAt: "2030-01-15T12:00:00.000Z",
      bytes: server.bytes(),
      downloadedAt: "2030-01-01T09:00:00.000Z",
    });
    expect([...caches.files.get("7")!.keys()].sort()).toEqual([
      "/offline/books/7/OEBPS/chapter%201.xhtml",
      "/offline/books/7/OEBPS/chapter-002.xhtml",
      "/offline/books/7/OEBPS/images/cover.jpg",
      "/offline/books/7/OEBPS/style.css",
      "/offline/books/7/manifest.json",
      "/offline/books/7/positions.json",
    ]);
    // Only the book's own files, each through its signed link once; nothing from elsewhere.
    expect(server.asked).toHaveLength(6);
    expect(server.asked.every((url) => url.startsWith(`${ORIGIN}${BASE}`))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await books.copy("7")).toEqual(book);
  });

  it("serves a kept file as the server sent it, and 404 for anything it does not keep", async () => {
    await books.download("7", link(), "Moby-Dick");
    const chapter = await answerOfflineBook("/offline/books/7/OEBPS/chapter%201.xhtml", {
      db,
      caches,
      now: () => now,
    });
    expect(chapter.status).toBe(200);
    expect(chapter.headers.get("content-type")).toBe(XHTML);
    // The chapter keeps the server's sandbox offline too.
    expect(chapter.headers.get("content-security-policy")).toBe(SANDBOX);
    expect(await chapter.text()).toBe("<html>Call me Ishmael.</html>");

    for (const path of [
      "/offline/books/7/OEBPS/missing.xhtml",
      "/offline/books/8/manifest.json",
      "/offline/books/x/manifest.json",
    ]) {
      const answer = await answerOfflineBook(path, { db, caches, now: () => now });
      expect(answer.status, path).toBe(404);
    }
  });

  it("keeps nothing when one file fails, and says so", async () => {
    server.breaks("OEBPS/images/cover.jpg");
    await expect(books.download("7", link(), "Moby-Dick")).rejects.toThrow(
      new OfflineDownloadError(
        "The book could not be downloaded. Please check your connection and try again.",
      ),
    );
    expect(caches.files.has("7")).toBe(false);
    expect(await books.copy("7")).toBeNull();
  });

  it("keeps nothing when the connection drops half way", async () => {
    let answered = 0;
    const flaky = createOfflineBooks({
      db,
      caches,
      now: () => now,
      baseURL: () => ORIGIN,
      fetch: async (url) => {
        answered += 1;
        if (answered === 4) throw new TypeError("Failed to fetch");
        return server.fetch(url);
      },
    });
    await expect(flaky.download("7", link(), "Moby-Dick")).rejects.toBeInstanceOf(
      OfflineDownloadError,
    );
    expect(caches.files.has("7")).toBe(false);
    expect(await db.all("books")).toEqual([]);
  });

  it("says when the device has no room for the book", async () => {
    const full = createOfflineBooks({
      db,
      caches: {
        ...caches,
        put: async () => {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        },
      },
      fetch: server.fetch,
      baseURL: () => ORIGIN,
    });
    await expect(full.download("7", link(), "Moby-Dick")).rejects.toThrow(
      "There is not enough space on this device to keep this book.",
    );
  });

  it("does not open a copy past its due date, and deletes it", async () => {
    await books.download("7", link("2030-01-15T12:00:00.000Z"), "Moby-Dick");
    now = new Date("2030-01-15T12:00:00.000Z");
    const answer = await answerOfflineBook("/offline/books/7/manifest.json", {
      db,
      caches,
      now: () => now,
    });
    expect(answer.status).toBe(404);
    expect(caches.files.has("7")).toBe(false);
    expect(await books.copy("7")).toBeNull();
  });

  it("deletes a copy past its due date when the page asks for it", async () => {
    await books.download("7", link("2030-01-02T00:00:00.000Z"), "Moby-Dick");
    now = new Date("2030-01-02T00:00:01.000Z");
    expect(await books.copy("7")).toBeNull();
    expect(caches.files.has("7")).toBe(false);
  });

  it("prunes copies of returned and expired loans, follows renewals, and clears leftovers", async () => {
    const keep = (bookId: string, dueAt: string): OfflineBook => ({
      bookId,
      title: `Book ${bookId}`,
      dueAt,
      bytes: 10,
      downloadedAt: "2030-01-01T00:00:00.000Z",
    });
    for (const [bookId, dueAt] of [
      ["7", "2030-01-15T12:00:00.000Z"],
      ["8", "2030-01-20T12:00:00.000Z"],
      ["9", "2030-01-05T12:00:00.000Z"],
      ["10", "2030-01-01T08:00:00.000Z"],
    ] as const) {
      await db.put("books", keep(bookId, dueAt));
      await caches.put(bookId, `/offline/books/${bookId}/manifest.json`, new Response("{}"));
    }
    // A download cut short: files, no record.
    await caches.put("11", "/offline/books/11/manifest.json", new Response("{}"));

    await books.prune([
      { bookId: "7", dueAt: "2030-01-15T12:00:00.000Z" },
      // 8 was returned; 9 was renewed; 10 is overdue, still open.
      { bookId: "9", dueAt: "2030-02-04T12:00:00.000Z" },
      { bookId: "10", dueAt: "2030-01-01T08:00:00.000Z" },
    ]);

    expect((await books.list()).map((book) => [book.bookId, book.dueAt])).toEqual([
      ["7", "2030-01-15T12:00:00.000Z"],
      ["9", "2030-02-04T12:00:00.000Z"],
    ]);
    expect([...caches.files.keys()].sort()).toEqual(["7", "9"]);
  });

  it("prunes by the due dates alone when the loans cannot be asked for", async () => {
    await books.download("7", link("2030-01-15T12:00:00.000Z"), "Moby-Dick");
    await db.put("books", {
      bookId: "8",
      title: "Emma",
      dueAt: "2029-12-31T00:00:00.000Z",
      bytes: 1,
      downloadedAt: "2029-12-01T00:00:00.000Z",
    });
    await caches.put("8", "/offline/books/8/manifest.json", new Response("{}"));

    await books.pruneByDate();
    expect((await books.list()).map((book) => book.bookId)).toEqual(["7"]);
    expect([...caches.files.keys()]).toEqual(["7"]);
  });

  it("removes one copy, or all of them at logout, and tells whoever listens", async () => {
    let changes = 0;
    books.subscribe(() => {
      changes += 1;
    });
    await books.download("7", link(), "Moby-Dick");
    await books.remove("7");
    expect(await books.copy("7")).toBeNull();
    expect(caches.files.has("7")).toBe(false);

    await books.download("7", link(), "Moby-Dick");
    await books.removeAll();
    expect(await books.list()).toEqual([]);
    expect(caches.files.size).toBe(0);
    expect(changes).toBeGreaterThanOrEqual(3);
  });
});

describe("the paths a manifest names", () => {
  it("resolves hrefs as the reader does, leaving out other sites and other folders", () => {
    const url = new URL(`${ORIGIN}${BASE}manifest.json`);
    expect(publicationPaths(manifest, url).sort()).toEqual([
      "OEBPS/chapter%201.xhtml",
      "OEBPS/chapter-002.xhtml",
      "OEBPS/images/cover.jpg",
      "OEBPS/style.css",
      "positions.json",
    ]);
    expect(publicationPaths(null, url)).toEqual(["positions.json"]);
  });
});
