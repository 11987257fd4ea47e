import type { ResourceLimits, Worker } from "node:worker_threads";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { buildEpub, type EpubBook } from "./epub";
import { EpubRejected } from "./epub-archive";
import { checkEpub, epubCheckLimits } from "./epub-check";
import { readEpubMetadata } from "./epub-metadata";
import { buildPublicationFile } from "./publication/stored";

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

/** The book with its package document changed by `edit`. */
function withPackage(edit: (opf: string) => string): Uint8Array {
  const files: Zippable = unzipSync(buildEpub(book));
  const mimetype = files.mimetype as Uint8Array;
  files.mimetype = [mimetype, { level: 0 }];
  files["OEBPS/content.opf"] = strToU8(edit(strFromU8(files["OEBPS/content.opf"] as Uint8Array)));
  return zipSync(files);
}

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
    // Tens of thousands of unclosed subjects: reading them back would take minutes.
    const bytes = withPackage((opf) =>
      opf.replace("</metadata>", `${"<dc:subject>".repeat(50_000)}</metadata>`),
    );
    const started = performance.now();
    const { outcome, threads } = await threadsDuring(() =>
      checkEpub(bytes, { ...epubCheckLimits, timeoutMs: 2_000 }),
    );
    expect(outcome).toBeInstanceOf(EpubRejected);
    expect(outcome).toMatchObject({
      kind: "too-large",
      message: "it takes longer than 2 seconds to check",
    });
    expect(threads[0]!.worker.resourceLimits).toEqual({});
    // Stopped at its limit, not when the checks would have finished (an order of magnitude on).
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
