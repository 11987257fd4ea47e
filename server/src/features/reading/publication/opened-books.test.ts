import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawCover } from "../../catalogue";
import { bookContentKey, FileContentStore, publicationKey } from "../../../storage/content-store";
import { buildEpub } from "../epub";
import { OpenedBooks, servedType } from "./opened-books";

/** The real file store, counting what is written to it. */
class CountingStore extends FileContentStore {
  readonly puts: string[] = [];
  override async put(key: string, data: Uint8Array): Promise<void> {
    this.puts.push(key);
    await super.put(key, data);
  }
}

let dir: string;
let store: CountingStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "folio-opened-"));
  store = new CountingStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const epubOf = (title: string) =>
  buildEpub({
    identifier: `urn:test:${title}`,
    title,
    author: "Test Author",
    language: "en",
    description: "A test book.",
    publisher: "Tests",
    modified: "2026-01-01T00:00:00Z",
    coverSvg: drawCover(title, "Test Author"),
    chapters: [{ title: "One", paragraphs: [`This is ${title}.`] }],
  });

describe("the books a process keeps open", () => {
  it("builds a missing publication once however many ask at once, and stores it", async () => {
    await store.put(bookContentKey(1), epubOf("First"));
    store.puts.length = 0;
    const books = new OpenedBooks(store);
    const opened = await Promise.all(
      Array.from({ length: 5 }, () => books.open(bookContentKey(1))),
    );
    expect(new Set(opened).size).toBe(1);
    expect(store.puts).toEqual([publicationKey(1)]);
    // Another process (a new cache) finds it stored and builds nothing.
    expect(await new OpenedBooks(store).open(bookContentKey(1))).not.toBeNull();
    expect(store.puts).toEqual([publicationKey(1)]);
    expect(await books.open(bookContentKey(99))).toBeNull();
  });

  it("serves an entry from memory the second time, and closes the least recently used past its budget", async () => {
    await store.put(bookContentKey(2), epubOf("Second"));
    await store.put(bookContentKey(3), epubOf("Third"));
    const books = new OpenedBooks(store, 1);
    const second = (await books.open(bookContentKey(2)))!;
    const chapter = books.entry(second, "OEBPS/chapter-001.xhtml")!;
    expect(new TextDecoder().decode(chapter.data)).toContain("This is Second.");
    expect(books.entry(second, "OEBPS/no-such.xhtml")).toBeNull();
    // Over a one-byte budget, opening another book closes the first: it is opened afresh.
    const third = (await books.open(bookContentKey(3)))!;
    expect(third).not.toBe(second);
    expect(await books.open(bookContentKey(2))).not.toBe(second);
    expect(books.heldBytes).toBeGreaterThan(0);

    const roomy = new OpenedBooks(store);
    const kept = (await roomy.open(bookContentKey(2)))!;
    const first = roomy.entry(kept, "OEBPS/chapter-001.xhtml");
    expect(roomy.entry(kept, "OEBPS/chapter-001.xhtml")).toBe(first);
    expect(await roomy.open(bookContentKey(2))).toBe(kept);
  });

  it("serves scripts as plain text and goes by the extension when the manifest says nothing", () => {
    expect(servedType("OEBPS/a.js", "application/javascript")).toBe("text/plain");
    expect(servedType("OEBPS/a.js", undefined)).toBe("application/octet-stream");
    expect(servedType("OEBPS/a.mjs", "text/ecmascript")).toBe("text/plain");
    expect(servedType("OEBPS/font.woff2", undefined)).toBe("font/woff2");
    expect(servedType("OEBPS/x.css", 'text/css; charset="evil\r\n"')).toBe("text/css");
  });
});
