import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { books, categories } from "../db/schema";
import { openTestDatabase } from "../test/database";
import { bookContentKey, FileContentStore } from "../storage/content-store";
import { seedBooks, seedCategories } from "./catalogue-data";
import { ensureSeedEditions, SAMPLE_PRICE_PENCE, seedCatalogue } from "./seed";

let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "folio-seed-"));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the seed catalogue", () => {
  it("is real, varied and within the shop's ranges", () => {
    expect(seedBooks.length).toBeGreaterThanOrEqual(120);
    expect(seedCategories.length).toBeGreaterThanOrEqual(10);
    for (const category of seedCategories) {
      expect(seedBooks.filter((b) => b.category === category.slug).length).toBeGreaterThanOrEqual(
        10,
      );
    }
    for (const book of seedBooks) {
      expect(book.price).toBeGreaterThanOrEqual(199);
      expect(book.price).toBeLessThanOrEqual(999);
      expect(book.copies).toBeGreaterThanOrEqual(1);
      expect(book.copies).toBeLessThanOrEqual(5);
      expect(book.description.length).toBeGreaterThan(100);
      expect(book.year).toBeLessThan(1930);
    }
    expect(seedBooks).toContainEqual(
      expect.objectContaining({ title: "Moby-Dick", author: "Herman Melville", year: 1851 }),
    );
  });

  it("is in the snapshot every test starts from, and seeding again adds nothing", async () => {
    const [bookCount] = await database.db.select({ n: count() }).from(books);
    const [categoryCount] = await database.db.select({ n: count() }).from(categories);
    expect(bookCount?.n).toBe(seedBooks.length);
    expect(categoryCount?.n).toBe(seedCategories.length);
    expect(await seedCatalogue(database.db)).toEqual({ categoriesAdded: 0, booksAdded: 0 });
    const [after] = await database.db.select({ n: count() }).from(books);
    expect(after?.n).toBe(seedBooks.length);
  });

  it("writes an EPUB for every seed book once; Moby-Dick carries its full text", async () => {
    const store = new FileContentStore(dir);
    expect(await ensureSeedEditions(database.db, store)).toBe(seedBooks.length);
    expect(await ensureSeedEditions(database.db, store)).toBe(0);

    const [moby] = await database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.title, "Moby-Dick"));
    const file = await store.get(bookContentKey(moby!.id));
    const entries = unzipSync(new Uint8Array(file!));
    const names = Object.keys(entries);
    expect(names[0]).toBe("mimetype");
    expect(strFromU8(entries.mimetype!)).toBe("application/epub+zip");
    expect(names).toContain("OEBPS/content.opf");
    const text = names
      .filter((n) => n.endsWith(".xhtml"))
      .map((n) => strFromU8(entries[n]!))
      .join("");
    expect(text).toContain("Call me Ishmael.");
    expect(text).toContain("AND I ONLY AM ESCAPED ALONE TO TELL THEE");
    expect(names.filter((n) => /chapter-\d+\.xhtml$/.test(n)).length).toBeGreaterThan(130);
  });

  it("sells its sample editions as samples, marked so; Moby-Dick is the full book at its price", async () => {
    const rows = await database.db
      .select({ title: books.title, pricePence: books.pricePence, sample: books.sample })
      .from(books);
    expect(rows).toHaveLength(seedBooks.length);
    for (const row of rows) {
      const full = row.title === "Moby-Dick";
      const data = seedBooks.find((b) => b.title === row.title)!;
      expect([row.title, row.sample, row.pricePence]).toEqual([
        row.title,
        !full,
        full ? data.price : SAMPLE_PRICE_PENCE,
      ]);
    }
    expect(SAMPLE_PRICE_PENCE).toBe(99);
  });

  it("writes sample editions that say so to readers and carry no operator's instructions", async () => {
    const store = new FileContentStore(dir);
    const [pride] = await database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.title, "Pride and Prejudice"));
    const entries = unzipSync(new Uint8Array((await store.get(bookContentKey(pride!.id)))!));
    const pages = Object.keys(entries)
      .filter((n) => n.endsWith(".xhtml"))
      .map((n) => strFromU8(entries[n]!));
    const text = pages.join("");
    expect(text).not.toMatch(/npm run|import command|A library that holds/i);
    const last = pages.findLast((page) => page.includes("About this sample edition"))!;
    expect(last).toContain(
      "This is a sample edition of Pride and Prejudice: the first pages, with the book's details and our notes. It does not hold the complete text of the work.",
    );
    expect(strFromU8(entries["OEBPS/content.opf"]!)).toContain(
      "Pride and Prejudice (Sample Edition)",
    );
  });

  it("marks the sample editions of a shop seeded before books said so, but not a replaced one", async () => {
    const store = new FileContentStore(dir);
    const pick = (title: string) =>
      database.db.select({ id: books.id }).from(books).where(eq(books.title, title));
    const [emma] = await pick("Emma");
    const [dracula] = await pick("Dracula");
    await database.db
      .update(books)
      .set({ sample: false })
      .where(inArray(books.id, [emma!.id, dracula!.id]));
    // Dracula was given its real text (a later file version) before the column was.
    await database.db.update(books).set({ contentVersion: 1 }).where(eq(books.id, dracula!.id));
    await ensureSeedEditions(database.db, store);
    const after = await database.db
      .select({ id: books.id, sample: books.sample })
      .from(books)
      .where(inArray(books.id, [emma!.id, dracula!.id]));
    expect(new Map(after.map((r) => [r.id, r.sample]))).toEqual(
      new Map([
        [emma!.id, true],
        [dracula!.id, false],
      ]),
    );
  });

  it("builds EPUBs that epubcheck passes with no errors or warnings", async () => {
    const rows = await database.db.select({ id: books.id, title: books.title }).from(books);
    const moby = rows.find((r) => r.title === "Moby-Dick")!;
    const sample =
      rows.find((r) => r.title === "Pride and Prejudice") ?? rows.find((r) => r.id !== moby.id)!;
    for (const book of [moby, sample]) {
      const file = path.join(dir, ...bookContentKey(book.id).split("/"));
      // Debian ships epubcheck as an executable jar.
      const run = spawnSync("java", ["-jar", "/usr/bin/epubcheck", file], { encoding: "utf8" });
      expect(run.error, "epubcheck must be installed (npm test installs it)").toBeUndefined();
      expect(`${run.stdout}${run.stderr}`).toContain("No errors or warnings detected.");
      expect(run.status).toBe(0);
    }
  }, 120_000);
});
