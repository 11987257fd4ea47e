import { buildPublication } from "./build";
import type { Publication } from "./types";

/**
 * The version of the stored file's shape: a file of another (an older server's) is built again
 * from the EPUB on first use, as one never stored is.
 */
const FORMAT = 1;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

/** The one JSON file stored beside a book's EPUB: its manifest and positions list. */
export const publicationFile = (publication: Publication): Uint8Array =>
  encoder.encode(JSON.stringify({ format: FORMAT, ...publication }));

/**
 * The publication file of an EPUB, built before anything is stored, so a book that cannot be
 * read is refused whole. Throws EpubRejected with the reason.
 */
export const buildPublicationFile = (epub: Uint8Array): Uint8Array =>
  publicationFile(buildPublication(epub));

/** A stored publication, or null when the file is of another format or damaged. */
export function readPublicationFile(bytes: Uint8Array): Publication | null {
  try {
    const parsed = JSON.parse(decoder.decode(bytes)) as Partial<Publication> & { format?: number };
    if (parsed.format !== FORMAT || !parsed.manifest || !parsed.positions) return null;
    return { manifest: parsed.manifest, positions: parsed.positions };
  } catch {
    return null;
  }
}
