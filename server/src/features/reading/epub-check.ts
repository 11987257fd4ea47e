import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { EpubRejected, type EpubMetadata } from "./book-metadata";

/** An EPUB checked whole: its metadata, and its publication file to store beside it. */
export interface CheckedEpub {
  meta: EpubMetadata;
  publication: Uint8Array;
}

/** What the worker (epub-check-worker.ts) answers. */
export type CheckAnswer =
  | ({ kind: "checked" } & CheckedEpub)
  | { kind: "rejected"; reason: string; rejection: EpubRejected["kind"] };

export interface CheckLimits {
  /** the worker's JavaScript heap (V8's old generation), MB */
  memoryMb: number;
  timeoutMs: number;
}

/**
 * Well past what the largest book within the shop's limits needs (9,900 chapters, 170 MB
 * unpacked: under 96 MB and 6 s), far less than the server has: a file that needs more is
 * refused, and the server never feels it.
 */
export const epubCheckLimits: CheckLimits = { memoryMb: 256, timeoutMs: 60_000 };

/** V8's new space; its default grows with the old generation's, so it is capped too. */
const YOUNG_GENERATION_MB = 32;

/** Checks running at once in this process; each may take its memory cap, so more wait. */
const PARALLEL_CHECKS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (running >= PARALLEL_CHECKS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  // A finished check hands its turn to the next waiting one, or gives it back.
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/**
 * The worker's entry: beside the bundle's chunks (dist/epub-check-worker.js, scripts/build.mjs)
 * when the server runs built. From the source tree (tests, `npm run dev`) it is bundled here,
 * whole, once per process: Node 20 runs no TypeScript in a worker and lends it no loader hooks
 * (tsx's included).
 */
let entry: Promise<URL> | undefined;
function workerEntry(): Promise<URL> {
  entry ??= findWorkerEntry().catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
}

async function findWorkerEntry(): Promise<URL> {
  const built = new URL("./epub-check-worker.js", import.meta.url);
  if (existsSync(built)) return built;
  const { build } = await import("esbuild");
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL("./epub-check-worker.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  const code = Buffer.from(bundled.outputFiles[0]!.contents).toString("base64");
  return new URL(`data:text/javascript;base64,${code}`);
}

async function runWorker(bytes: Uint8Array, limits: CheckLimits): Promise<CheckAnswer> {
  const url = await workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: { bytes },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    let answer: CheckAnswer | undefined;
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      failure = new EpubRejected(
        `it takes longer than ${limits.timeoutMs / 1000} seconds to check`,
        "too-large",
      );
      void worker.terminate();
    }, limits.timeoutMs);
    worker.on("message", (message: CheckAnswer) => {
      clearTimeout(timer);
      answer = message;
      void worker.terminate();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      failure ??=
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new EpubRejected("it needs more memory to check than the shop allows", "too-large")
          : error;
    });
    // Settled only once the thread is gone, so no check outlives its answer and a turn is
    // handed on only when its memory is free.
    worker.on("exit", () => {
      clearTimeout(timer);
      if (answer && failure === undefined) resolve(answer);
      else reject(failure ?? new Error("The EPUB check ended without an answer."));
    });
  });
}

/**
 * Checks an EPUB whole (readEpubMetadata) and builds its publication, in a worker thread with
 * its own memory cap and a time limit, so a hostile file can neither hold this process's event
 * loop nor exhaust its memory. Throws EpubRejected with the reason a librarian reads, the same
 * words as the checks themselves; past the memory cap or the time limit, as too large.
 */
export async function checkEpub(
  bytes: Uint8Array,
  limits: CheckLimits = epubCheckLimits,
): Promise<CheckedEpub> {
  const done = await takeTurn();
  try {
    const answer = await runWorker(bytes, limits);
    if (answer.kind === "rejected") throw new EpubRejected(answer.reason, answer.rejection);
    return { meta: answer.meta, publication: answer.publication };
  } finally {
    done();
  }
}
