import type { ResourceLimits, Worker } from "node:worker_threads";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { buildEpub, type EpubBook } from "./epub";
import { EpubRejected } from "./epub-archive";
import { checkEpub, epubCheckLimits } from "./epub-check";
import { readEpubMetadata, type EpubMetadata } from "./book-metadata";
import { buildPublicationFile, readPublicationFile } from "./publication/stored";
import type { ManifestLink } from "./publication/types";

const book: EpubBook = {
  identifier: "urn:test:checked",
  title: "The Checked Voyage",
  author: "Ida Porter",
  language: "en",
  description: "A voyage checked off the event loop.",
  year: 1901,
  publisher: "Test Press",
  modified: "2026-01-01T00:00:00Z",
  coverSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  chapters: [{ title: "One", paragraphs: ["The ship left at dawn."] }],
};

/** A book of 9,900 chapters, the most the shop takes (10,000 entries). */
const longBook: EpubBook = {
  ...book,
  chapters: Array.from({ length: 9_900 }, (_, i) => ({
    title: `Chapter ${i + 1}`,
    paragraphs: ["The ship sailed on."],
  })),
};

/** Each entry's new text from its old, by name. */
type Edits = Record<string, (text: string) => string>;

/** The book with entries changed by `edits` (an entry it lacks is edited from ""). */
function withEntries(edits: Edits): Uint8Array {
  const files: Zippable = unzipSync(buildEpub(book));
  const mimetype = files.mimetype as Uint8Array;
  files.mimetype = [mimetype, { level: 0 }];
  for (const [name, edit] of Object.entries(edits)) {
    const entry = files[name] as Uint8Array | undefined;
    files[name] = strToU8(edit(entry ? strFromU8(entry) : ""));
  }
  return zipSync(files);
}

/** The book with its package document changed by `edit`. */
const withPackage = (edit: (opf: string) => string) => withEntries({ "OEBPS/content.opf": edit });

/** Runs `work`, keeping each worker thread started meanwhile and the limits it was given. */
async function threadsDuring<T>(work: () => Promise<T>) {
  const threads: { worker: Worker; limits: ResourceLimits | undefined }[] = [];
  const started = (worker: Worker) => threads.push({ worker, limits: worker.resourceLimits });
  process.on("worker", started);
  try {
    return { outcome: await work().catch((error: unknown) => error), threads };
  } finally {
    process.off("worker", started);
  }
}

describe("checking an EPUB off the event loop", () => {
  it("answers what the checks answer, from a thread with a memory cap that has ended", async () => {
    const bytes = buildEpub(book);
    const { outcome, threads } = await threadsDuring(() => checkEpub(bytes));
    const meta = await readEpubMetadata(bytes);
    // Bytes cross the thread as a plain Uint8Array (a Buffer here).
    if (meta.cover) meta.cover.data = new Uint8Array(meta.cover.data);
    expect(outcome).toEqual({ meta, publication: buildPublicationFile(bytes) });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.limits).toMatchObject({
      maxOldGenerationSizeMb: epubCheckLimits.memoryMb,
      maxYoungGenerationSizeMb: expect.any(Number) as number,
    });
    // A stopped worker's limits are empty (Node's documented sign that it has ended).
    expect(threads[0]!.worker.resourceLimits).toEqual({});
  });

  it("runs at most two checks at once, each with its own cap: the others wait their turn", async () => {
    let alive = 0;
    let most = 0;
    const { outcome, threads } = await threadsDuring(async () => {
      const counted = (worker: Worker) => {
        most = Math.max(most, ++alive);
        worker.once("exit", () => (alive -= 1));
      };
      process.on("worker", counted);
      try {
        return await Promise.all(Array.from({ length: 5 }, () => checkEpub(buildEpub(book))));
      } finally {
        process.off("worker", counted);
      }
    });
    expect(outcome).toHaveLength(5);
    expect(threads).toHaveLength(5);
    expect(most).toBe(2);
  });

  it("refuses a file whose checks need more memory than the cap, and leaves no thread", async () => {
    // Millions of empty elements: under 16 MB of package document, a gigabyte once parsed.
    const bytes = withPackage((opf) =>
      opf.replace("</package>", `${"<a/>".repeat(3_500_000)}</package>`),
    );
    const { outcome, threads } = await threadsDuring(() =>
      checkEpub(bytes, { ...epubCheckLimits, memoryMb: 64 }),
    );
    expect(outcome).toBeInstanceOf(EpubRejected);
    expect(outcome).toMatchObject({
      kind: "too-large",
      message: "it needs more memory to check than the shop allows",
    });
    expect(threads[0]!.worker.resourceLimits).toEqual({});
  });

  it("stops checks that run past the time limit, and leaves no thread", async () => {
    // No file within the shop's limits takes long to check any more: the longest book does,
    // for a limit shorter than its check.
    const bytes = buildEpub(longBook);
    let started = performance.now();
    await checkEpub(bytes);
    const whole = performance.now() - started;
    started = performance.now();
    const { outcome, threads } = await threadsDuring(() =>
      checkEpub(bytes, { ...epubCheckLimits, timeoutMs: 100 }),
    );
    expect(outcome).toBeInstanceOf(EpubRejected);
    expect(outcome).toMatchObject({
      kind: "too-large",
      message: "it takes longer than 0.1 seconds to check",
    });
    expect(threads[0]!.worker.resourceLimits).toEqual({});
    // Stopped at its limit, not when the check would have finished.
    expect(performance.now() - started).toBeLessThan(whole / 2);
  });
});

describe("answering a hostile upload with a refusal or a cleaned book, never a fault", () => {
  /** The check's answer and the manifest it built, within a limit no sound check comes near. */
  async function checked(bytes: Uint8Array) {
    const { meta, publication } = await checkEpub(bytes, { ...epubCheckLimits, timeoutMs: 5_000 });
    return { meta, manifest: readPublicationFile(publication)!.manifest };
  }

  it("reads a character reference outside Unicode as U+FFFD, as XML parsers do", async () => {
    const bytes = withPackage((opf) =>
      opf
        .replace("Checked Voyage</dc:title>", "&#x110000; Voyage &#99999999;</dc:title>")
        .replace("Porter</dc:creator>", `&#${"9".repeat(400)};Porter</dc:creator>`)
        .replace("</metadata>", `<dc:subject>Sea &#x${"F".repeat(40)};</dc:subject></metadata>`)
        .replace(/<dc:description>[^<]*/, "<dc:description>&#0;&#xD800; &#xE9;t&#233;"),
    );
    const { meta, manifest } = await checked(bytes);
    expect(meta).toMatchObject({
      title: "The \uFFFD Voyage \uFFFD",
      authors: ["Ida \uFFFDPorter"],
      subjects: ["Sea \uFFFD"],
      description: "\uFFFD\uFFFD été",
    });
    // The publication is read by an XML parser, which decodes them the same way.
    expect(manifest.metadata).toMatchObject({
      title: meta.title,
      author: "Ida \uFFFDPorter",
      description: meta.description,
    });
  });

  it("takes a cover whose href is no URL as no cover", async () => {
    const bytes = withPackage((opf) => opf.replace('href="cover.svg"', 'href="cover%E0%A4%A.svg"'));
    const { meta } = await checked(bytes);
    expect(meta).toMatchObject({ title: "The Checked Voyage", cover: null });
  });

  /** Each toc entry's last child's list, down from the top: the toc's levels along one branch. */
  function levelsOf(toc: ManifestLink[]): ManifestLink[][] {
    const levels: ManifestLink[][] = [];
    for (let level = toc; level.length; level = level.at(-1)!.children ?? []) levels.push(level);
    return levels;
  }

  /** A toc of 1,500 entries, each nested in the one before, read as 32 levels at most. */
  function expectFlattenedPast32(toc: ManifestLink[]) {
    const levels = levelsOf(toc);
    expect(levels).toHaveLength(32);
    expect(levels[0]!.map((link) => link.title)).toEqual(["The Checked Voyage", "1"]);
    expect(levels.slice(1, 31).map((level) => level.map((link) => link.title))).toEqual(
      Array.from({ length: 30 }, (_, i) => [String(i + 2)]),
    );
    // Entries below the 32nd level are listed at it, in the order the book gives them.
    const deepest = levels[31]!;
    expect(deepest).toHaveLength(1_500 - 31);
    expect(deepest.every((link, i) => link.title === String(i + 32) && !link.children)).toBe(true);
    expect(deepest.at(-1)).toEqual({ href: "OEBPS/chapter-001.xhtml#p1500", title: "1500" });
  }

  /** `count` entries, each opened by `open(n)` inside the one before, then all closed. */
  const nested = (count: number, open: (n: number) => string, close: string) =>
    Array.from({ length: count }, (_, i) => open(i + 1)).join("") + close.repeat(count);

  /** The nav with the chapter's entry replaced by `count` entries, each inside the one before. */
  const deepNav = (count: number) => (nav: string) =>
    nav.replace(
      '<li><a href="chapter-001.xhtml">One</a></li>',
      nested(count, (n) => `<li><a href="chapter-001.xhtml#p${n}">${n}</a><ol>`, "</ol></li>"),
    );

  /** The NCX, alone as the toc, with `count` points, each inside the one before. */
  const deepNcx = (count: number) => ({
    "OEBPS/content.opf": (opf: string) => opf.replace(' properties="nav"', ""),
    "OEBPS/toc.ncx": (ncx: string) => {
      const point = (n: number, title: string, href: string) =>
        `<navPoint id="p${n}"><navLabel><text>${title}</text></navLabel><content src="${href}"/>`;
      const points = nested(
        count,
        (n) => point(n, String(n), `chapter-001.xhtml#p${n}`),
        "</navPoint>",
      );
      return ncx.replace(
        /<navMap>[\s\S]*<\/navMap>/,
        `<navMap>${point(0, "The Checked Voyage", "title.xhtml")}</navPoint>${points}</navMap>`,
      );
    },
  });

  /** `text` inside `count` elements, each inside the one before. */
  const deepText = (count: number, text: string) =>
    `${"<b>".repeat(count)}${text}${"</b>".repeat(count)}`;

  it("reads a nav nested 1,500 levels deep as a toc of 32 levels", async () => {
    const { manifest } = await checked(withEntries({ "OEBPS/nav.xhtml": deepNav(1_500) }));
    expectFlattenedPast32(manifest.toc);
    expect(manifest.readingOrder.map((link) => link.title)).toEqual(["The Checked Voyage", "1"]);
  });

  it("reads an NCX nested 1,500 levels deep as a toc of 32 levels", async () => {
    const { manifest } = await checked(withEntries(deepNcx(1_500)));
    expectFlattenedPast32(manifest.toc);
  });

  it("reads text nested 4,000 elements deep", async () => {
    const bytes = withEntries({
      "OEBPS/content.opf": (opf) =>
        opf.replace("Checked Voyage", `${deepText(4_000, "Deep")} Voyage`),
      "OEBPS/nav.xhtml": (nav) => nav.replace(">One</a>", `>${deepText(4_000, "Start")}</a>`),
    });
    const { meta, manifest } = await checked(bytes);
    expect(meta.title).toBe("The Deep Voyage");
    expect(manifest.metadata.title).toBe("The Deep Voyage");
    expect(manifest.toc.map((link) => link.title)).toEqual(["The Checked Voyage", "Start"]);
  });

  // Reading a file this deep takes time that grows with its depth times its length.
  it.each<{ what: string; edits: Edits; refused: string }>([
    {
      what: "a nav nested 20,000 levels deep",
      edits: { "OEBPS/nav.xhtml": deepNav(20_000) },
      refused: "its navigation document nests elements more than 4096 deep",
    },
    {
      what: "an NCX nested 20,000 levels deep",
      edits: deepNcx(20_000),
      refused: "its NCX table of contents nests elements more than 4096 deep",
    },
    {
      what: "a title nested 20,000 elements deep",
      edits: {
        "OEBPS/content.opf": (opf: string) => opf.replace("Checked", deepText(20_000, "Deep")),
      },
      refused: "its package document nests elements more than 4096 deep",
    },
    {
      // Unclosed tags nest, each inside the one before.
      what: "100,000 unclosed subjects",
      edits: {
        "OEBPS/content.opf": (opf: string) =>
          opf.replace("</metadata>", `${"<dc:subject>".repeat(100_000)}</metadata>`),
      },
      refused: "its package document nests elements more than 4096 deep",
    },
  ])("refuses $what, quickly", async ({ edits, refused }) => {
    const started = performance.now();
    const outcome = await checkEpub(withEntries(edits), {
      ...epubCheckLimits,
      timeoutMs: 5_000,
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(EpubRejected);
    expect(outcome).toMatchObject({ kind: "invalid", message: refused });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  // Each took from seconds to hours of CPU: a scan started again from every opening to the end.
  it.each<{
    what: string;
    edits: Edits;
    answer: { meta: Partial<EpubMetadata> } | { refused: string };
  }>([
    {
      what: "a description of a million escaped '<'",
      edits: {
        "OEBPS/content.opf": (opf: string) =>
          opf.replace(/<dc:description>[^<]*/, `<dc:description>${"&lt;".repeat(1_000_000)}`),
      },
      answer: { meta: { description: "<".repeat(1_000_000) } },
    },
    {
      what: "200,000 unclosed items after the package",
      edits: { "OEBPS/content.opf": (opf: string) => `${opf}${"<item ".repeat(200_000)}` },
      answer: { meta: { title: "The Checked Voyage" } },
    },
    {
      what: "an encryption.xml of 200,000 unclosed methods",
      edits: {
        "META-INF/encryption.xml": () => `<encryption>${"<EncryptionMethod ".repeat(200_000)}`,
      },
      answer: { meta: { title: "The Checked Voyage" } },
    },
    {
      // An unclosed CDATA section holds the rest of the file: no manifest is left to read.
      what: "a description of 200,000 unclosed CDATA sections",
      edits: {
        "OEBPS/content.opf": (opf: string) =>
          opf.replace(/<dc:description>[^<]*/, `<dc:description>${"<![CDATA[".repeat(200_000)}`),
      },
      answer: { refused: "its package document cannot be read (no metadata or manifest)" },
    },
    {
      what: "200,000 metadata elements, none closed",
      edits: {
        "OEBPS/content.opf": (opf: string) =>
          opf.replace("</metadata>", "<metadata ".repeat(200_000)),
      },
      answer: { refused: "no title in the package metadata" },
    },
    {
      what: "a container of 100,000 unclosed rootfiles",
      edits: {
        "META-INF/container.xml": () => `<container>${"<rootfile ".repeat(100_000)}`,
      },
      answer: {
        refused: "no package document (the OPF file the container names is missing)",
      },
    },
  ])("answers a package of $what in linear time", async ({ edits, answer }) => {
    const bytes = withEntries(edits);
    const started = performance.now();
    const outcome = await checkEpub(bytes, { ...epubCheckLimits, timeoutMs: 5_000 }).catch(
      (error: unknown) => error,
    );
    if ("refused" in answer) {
      expect(outcome).toBeInstanceOf(EpubRejected);
      expect(outcome).toMatchObject({ kind: "invalid", message: answer.refused });
    } else expect(outcome).toMatchObject({ meta: answer.meta });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
