import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { books, categories } from "../../db/schema";
import { useTestApp } from "../../test/app";
import { bookContentKey, publicationKey } from "../../storage/content-store";
import { buildEpub, type EpubBook } from "./epub";
import { importFiles, UnknownCategory } from "./import";
import { readPublicationFile } from "./publication/stored";

let dir: string;
const t = useTestApp();
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "folio-import-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sample = (overrides: Partial<EpubBook> = {}): EpubBook => ({
  identifier: "urn:uuid:import-test",
  title: "The Importable Voyage",
  author: "Ida Porter",
  language: "en",
  description: "A <b>voyage</b> &amp; its return.",
  year: 1901,
  publisher: "Test Press",
  modified: "2026-01-01T00:00:00Z",
  coverSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
  chapters: [{ title: "One", paragraphs: ["The ship left at dawn."] }],
  ...overrides,
});

async function writeEpub(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** A built EPUB with extra or replaced entries, e.g. a DRM marker. */
function withEntries(book: EpubBook, extra: Record<string, string>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(unzipSync(buildEpub(book)))) files[name] = data;
  for (const [name, text] of Object.entries(extra)) files[name] = strToU8(text);
  return zipSync(files);
}

describe("importing EPUB files", () => {
  it("adds a book from its package metadata, with its file and cover", async () => {
    const file = await writeEpub("voyage.epub", buildEpub(sample()));
    const [outcome] = await importFiles(t.database.db, t.content, [file], {
      pricePence: 299,
      copies: 4,
    });
    expect(outcome).toMatchObject({
      status: "added",
      title: "The Importable Voyage",
      author: "Ida Porter",
    });
    const bookId = (outcome as { bookId: number }).bookId;
    const [row] = await t.database.db.select().from(books).where(eq(books.id, bookId));
    expect(row).toMatchObject({
      pricePence: 299,
      totalCopies: 4,
      availableCopies: 4,
      year: 1901,
      language: "en",
      description: "A voyage & its return.",
      coverKey: `covers/${bookId}.svg`,
    });
    expect(await t.content.has(bookContentKey(bookId))).toBe(true);
    // Its Readium publication is built and stored with it, for the reader.
    const publication = readPublicationFile((await t.content.get(publicationKey(bookId)))!);
    expect(publication?.manifest.metadata.title).toBe("The Importable Voyage");
    const cover = await t.app.inject({ method: "GET", url: `/api/books/${bookId}/cover` });
    expect(cover.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(cover.body).toContain("<rect");
    const found = await t.app.inject({ method: "GET", url: "/api/books/search?title=importable" });
    expect(found.json<{ bookId: string[] }>().bookId).toEqual([String(bookId)]);
  });

  it("updates the book with the same title and author instead of adding another", async () => {
    const first = await writeEpub(
      "again-1.epub",
      buildEpub(sample({ title: "Twice Told", description: "First." })),
    );
    const second = await writeEpub(
      "again-2.epub",
      buildEpub(sample({ title: "Twice Told", description: "Second." })),
    );
    const [a] = await importFiles(t.database.db, t.content, [first], {});
    const [b] = await importFiles(t.database.db, t.content, [second], {});
    expect(a?.status).toBe("added");
    expect(b).toMatchObject({ status: "updated", bookId: (a as { bookId: number }).bookId });
    const rows = await t.database.db.select().from(books).where(eq(books.title, "Twice Told"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.description).toBe("Second.");
    // The new file is a new version, with its own publication; the old one's is gone with it.
    const bookId = (a as { bookId: number }).bookId;
    expect(await t.content.has(publicationKey(bookId, 1))).toBe(true);
    expect(await t.content.has(publicationKey(bookId))).toBe(false);
  });

  it("rejects broken and DRM-protected files with reasons, and imports the rest", async () => {
    const files = [
      await writeEpub("a-good.epub", buildEpub(sample({ title: "Good Before" }))),
      await writeEpub("b-not-zip.epub", strToU8("this is not a zip")),
      await writeEpub(
        "c-no-container.epub",
        zipSync({ mimetype: strToU8("application/epub+zip") }),
      ),
      await writeEpub(
        "d-no-opf.epub",
        zipSync({
          "META-INF/container.xml": strToU8(
            '<container><rootfiles><rootfile full-path="OEBPS/missing.opf"/></rootfiles></container>',
          ),
        }),
      ),
      await writeEpub(
        "e-drm.epub",
        withEntries(sample({ title: "Locked" }), {
          "META-INF/encryption.xml":
            '<encryption><EncryptedData><EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/></EncryptedData></encryption>',
        }),
      ),
      await writeEpub(
        "f-rights.epub",
        withEntries(sample({ title: "Adobe Locked" }), { "META-INF/rights.xml": "<rights/>" }),
      ),
      await writeEpub(
        "g-fonts-only.epub",
        withEntries(sample({ title: "Obfuscated Fonts" }), {
          "META-INF/encryption.xml":
            '<encryption><EncryptedData><EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/></EncryptedData></encryption>',
        }),
      ),
      await writeEpub("h-good-after.epub", buildEpub(sample({ title: "Good After" }))),
    ];
    const outcomes = await importFiles(t.database.db, t.content, [dir], {});
    const byName = new Map(outcomes.map((o) => [path.basename(o.file), o]));
    expect(byName.get("a-good.epub")?.status).toBe("added");
    expect(byName.get("b-not-zip.epub")).toMatchObject({
      status: "rejected",
      reason: "it is not a zip file",
    });
    expect(byName.get("c-no-container.epub")).toMatchObject({
      status: "rejected",
      reason: expect.stringContaining("container.xml") as string,
    });
    expect(byName.get("d-no-opf.epub")).toMatchObject({
      status: "rejected",
      reason: expect.stringContaining("no package document") as string,
    });
    expect(byName.get("e-drm.epub")).toMatchObject({
      status: "rejected",
      reason: "DRM-protected (encrypted content)",
    });
    expect(byName.get("f-rights.epub")).toMatchObject({
      status: "rejected",
      reason: "DRM-protected (META-INF/rights.xml)",
    });
    expect(byName.get("g-fonts-only.epub")?.status).toBe("added");
    expect(byName.get("h-good-after.epub")?.status).toBe("added");
    expect(files).toHaveLength(8);
    for (const title of ["Locked", "Adobe Locked"]) {
      expect(await t.database.db.select().from(books).where(eq(books.title, title))).toEqual([]);
    }
  });

  it("reads a reference outside Unicode as U+FFFD, and refuses a nav nested too deep", async () => {
    /** The book with its entry `name` changed by `edit`. */
    const edited = (book: EpubBook, name: string, edit: (text: string) => string) =>
      withEntries(book, { [name]: edit(strFromU8(unzipSync(buildEpub(book))[name]!)) });
    const files = [
      await writeEpub(
        "beyond-unicode.epub",
        edited(sample({ title: "Beyond Unicode" }), "OEBPS/content.opf", (opf) =>
          opf.replace("Beyond Unicode<", "Beyond &#x110000; Unicode &#99999999;<"),
        ),
      ),
      await writeEpub(
        "deep-nav.epub",
        edited(sample({ title: "Deep Nav" }), "OEBPS/nav.xhtml", (nav) =>
          nav.replace("</ol>", `${"<li><ol>".repeat(20_000)}${"</ol></li>".repeat(20_000)}</ol>`),
        ),
      ),
    ];
    const [unicode, deep] = await importFiles(t.database.db, t.content, files, {});
    expect(unicode).toMatchObject({ status: "added", title: "Beyond \uFFFD Unicode \uFFFD" });
    expect(deep).toEqual({
      file: files[1],
      status: "rejected",
      reason: "its navigation document nests elements more than 4096 deep",
    });
  });

  it("picks the category from the subjects, else a Newly Added category", async () => {
    const bytes = buildEpub(sample({ title: "Verses" }));
    const files = unzipSync(bytes);
    const opf = new TextDecoder().decode(files["OEBPS/content.opf"]);
    files["OEBPS/content.opf"] = strToU8(
      opf.replace("<dc:language>", "<dc:subject>Poetry</dc:subject><dc:language>"),
    );
    const [poem] = await importFiles(
      t.database.db,
      t.content,
      [await writeEpub("verses.epub", zipSync(files))],
      {},
    );
    const [poemRow] = await t.database.db
      .select({ category: categories.name })
      .from(books)
      .innerJoin(categories, eq(categories.id, books.categoryId))
      .where(eq(books.id, (poem as { bookId: number }).bookId));
    expect(poemRow?.category).toBe("Poetry");
    const [plain] = await importFiles(
      t.database.db,
      t.content,
      [await writeEpub("plain.epub", buildEpub(sample({ title: "Uncategorised" })))],
      {},
    );
    const [plainRow] = await t.database.db
      .select({ category: categories.name })
      .from(books)
      .innerJoin(categories, eq(categories.id, books.categoryId))
      .where(eq(books.id, (plain as { bookId: number }).bookId));
    expect(plainRow?.category).toBe("Newly Added");
  });

  it("replaces a seed's sample edition with the real book: no longer a sample, nor at its price", async () => {
    const seeded = () =>
      t.database.db
        .select({ id: books.id, sample: books.sample, pricePence: books.pricePence })
        .from(books)
        .where(eq(books.title, "Pride and Prejudice"));
    const [before] = await seeded();
    expect(before).toMatchObject({ sample: true, pricePence: 99 });
    const file = path.join(dir, "real", "pride.epub");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      buildEpub(sample({ title: "Pride and Prejudice", author: "Jane Austen" })),
    );
    const [outcome] = await importFiles(t.database.db, t.content, [file], {});
    expect(outcome).toMatchObject({ status: "updated", bookId: before!.id });
    expect(await seeded()).toEqual([{ id: before!.id, sample: false, pricePence: 499 }]);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/books/get?bookId=${before!.id}`,
    });
    expect(detail.json()).toMatchObject({ sample: false, price: 4.99 });
  });
});

describe("choosing the category with --category", () => {
  const categoryOf = async (bookId: number) => {
    const [row] = await t.database.db
      .select({ category: categories.name })
      .from(books)
      .innerJoin(categories, eq(categories.id, books.categoryId))
      .where(eq(books.id, bookId));
    return row?.category;
  };

  it.each([
    ["Classic Fiction"],
    ["classic fiction"],
    ["  CLASSIC   fiction "],
    ["classic-fiction"],
  ])("takes %j, the name the shop shows in any case, or the slug", async (category) => {
    const file = await writeEpub(
      `named-${category.trim()}.epub`,
      buildEpub(sample({ title: `Shelved as ${category.trim()}` })),
    );
    const [outcome] = await importFiles(t.database.db, t.content, [file], { category });
    expect(outcome?.status).toBe("added");
    expect(await categoryOf((outcome as { bookId: number }).bookId)).toBe("Classic Fiction");
  });

  it("refuses a name the shop does not have, with the names it has, and imports nothing", async () => {
    const file = await writeEpub("unshelved.epub", buildEpub(sample({ title: "Unshelved" })));
    const refused = await importFiles(t.database.db, t.content, [file], {
      category: "Clasic Fiction",
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnknownCategory);
    const { message, names } = refused as UnknownCategory;
    expect(message).toBe('There is no category named "Clasic Fiction".');
    const shown = await t.database.db.select({ name: categories.name }).from(categories);
    expect(names).toEqual(shown.map((c) => c.name).sort((a, b) => a.localeCompare(b, "en")));
    expect(names).toContain("Classic Fiction");
    expect(await t.database.db.select().from(books).where(eq(books.title, "Unshelved"))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(categories).where(eq(categories.name, "Clasic Fiction")),
    ).toEqual([]);
  });
});

// Each run starts the CLI through tsx on a fresh embedded database: seconds apiece, and three
// of them in one test, so these get more time than the suite's default.
describe("npm run import", { timeout: 90_000 }, () => {
  const serverDir = fileURLToPath(new URL("../../..", import.meta.url));
  const run = (args: string[], dataDir: string) =>
    spawnSync(
      process.execPath,
      ["--import", "tsx", "src/features/reading/import-cli.ts", ...args],
      {
        cwd: serverDir,
        encoding: "utf8",
        env: {
          PATH: process.env.PATH ?? "",
          DATA_DIR: dataDir,
          INIT_CWD: dir,
          SECRET: "test-secret-that-is-at-least-32-characters",
          LOG_LEVEL: "silent",
        },
      },
    );

  it("explains its arguments with --help", () => {
    const help = run(["--help"], path.join(dir, "never-opened"));
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: npm run import -- <files or folders>");
    expect(help.stdout).toContain(
      '--category NAME    a category the shop shows, by its name in any case ("Classic Fiction",',
    );
    const bare = run([], path.join(dir, "never-opened"));
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain("Usage: npm run import");
  });

  it("lists the shop's categories and exits non-zero for a name it does not have", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "folio-import-cli-"));
    try {
      await writeEpub("cli.epub", buildEpub(sample({ title: "By the Command Line" })));
      // A fresh shop: the first import makes its one category, Newly Added.
      const first = run(["cli.epub"], dataDir);
      expect(first.stdout).toContain("1 imported, 0 rejected.");
      expect(first.status).toBe(0);
      const wrong = run(["cli.epub", "--category", "Poetry"], dataDir);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(
        'There is no category named "Poetry". Nothing was imported. The categories are:\n  Newly Added\n',
      );
      expect(wrong.stdout).toBe("");
      const named = run(["cli.epub", "--category", "newly added"], dataDir);
      expect(named.stdout).toContain("updated   cli.epub: By the Command Line by Ida Porter");
      expect(named.status).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
