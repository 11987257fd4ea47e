// The entry of the worker thread that checks an uploaded EPUB (epub-check.ts): it takes the
// file's bytes, answers one message and ends. Bundled as dist/epub-check-worker.js.
import { parentPort, workerData } from "node:worker_threads";
import { EpubRejected, readEpubMetadata } from "./book-metadata";
import { buildPublicationFile } from "./publication/stored";
import type { CheckAnswer } from "./epub-check";

const { bytes } = workerData as { bytes: Uint8Array };
let answer: CheckAnswer;
try {
  const meta = await readEpubMetadata(bytes);
  answer = { kind: "checked", meta, publication: buildPublicationFile(bytes) };
} catch (error) {
  // Anything else is a fault of ours: thrown, it reaches the caller as the worker's error.
  if (!(error instanceof EpubRejected)) throw error;
  answer = { kind: "rejected", reason: error.message, rejection: error.kind };
}
parentPort!.postMessage(answer);
