import { publicationKeyOf, type ContentStore } from "../../../storage/content-store";
import { EpubArchive } from "../epub-archive";
import { buildPublication } from "./build";
import { cleanMarkup, isMarkup } from "./clean-markup";
import { publicationFile, readPublicationFile } from "./stored";
import type { ManifestLink, Publication } from "./types";

/** What one book costs the cache at most: every served file is counted as it is added. */
export const OPENED_BOOKS_MAX_BYTES = 64 * 1024 * 1024;
/** A larger entry (a film, an audio track) is served but not kept: it would push books out. */
const KEEP_ENTRY_MAX_BYTES = 8 * 1024 * 1024;

const byExtension: Record<string, string> = {
  xhtml: "application/xhtml+xml",
  xht: "application/xhtml+xml",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  svg: "image/svg+xml",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ttf: "font/ttf",
  otf: "font/otf",
  woff: "font/woff",
  woff2: "font/woff2",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  ogg: "audio/ogg",
  opus: "audio/opus",
  webm: "video/webm",
  wav: "audio/wav",
  smil: "application/smil+xml",
  ncx: "application/x-dtbncx+xml",
  opf: "application/oebps-package+xml",
  xml: "application/xml",
  txt: "text/plain",
};

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The type an entry is served as: the manifest's, else its extension's. A script is served as
 * plain text, so no page can load a book's file as code.
 */
export function servedType(path: string, declared: string | undefined): string {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  const type =
    declared && MEDIA_TYPE.test(declared)
      ? declared
      : (byExtension[extension] ?? "application/octet-stream");
  return /script|wasm/.test(type) ? "text/plain" : type;
}

export interface ServedEntry {
  data: Uint8Array;
  type: string;
}

/** A book open for reading: its publication, its zip, and the files served from it so far. */
export interface OpenedBook {
  fileKey: string;
  manifest: Uint8Array;
  positions: Uint8Array;
  archive: EpubArchive;
  /** zip path → media type, from the manifest */
  types: Map<string, string>;
  served: Map<string, ServedEntry>;
  cost: number;
}

function typesOf(publication: Publication): Map<string, string> {
  const types = new Map<string, string>();
  const add = (links: ManifestLink[]) => {
    for (const link of links) {
      const path = link.href.split("/").map(decodeURIComponent).join("/");
      if (link.type && !types.has(path)) types.set(path, link.type);
    }
  };
  add(publication.manifest.readingOrder);
  add(publication.manifest.resources);
  return types;
}

const encoder = new TextEncoder();

/**
 * The books this process has open, least recently used first, within a budget of bytes, so a
 * chapter request neither reads the EPUB again nor unpacks and cleans the chapter again. Keyed
 * by the file's key: a replaced file has a new key, so nothing of the old one is served.
 */
export class OpenedBooks {
  private readonly books = new Map<string, OpenedBook>();
  private readonly opening = new Map<string, Promise<OpenedBook | null>>();
  private readonly building = new Map<string, Promise<Publication>>();
  private total = 0;

  constructor(
    private readonly store: ContentStore,
    private readonly maxBytes = OPENED_BOOKS_MAX_BYTES,
  ) {}

  /** Bytes held now (for tests and metrics). */
  get heldBytes(): number {
    return this.total;
  }

  /**
   * The book whose EPUB is stored at `fileKey`, or null when there is no such file. Throws
   * EpubRejected when the file cannot be read as a publication.
   */
  async open(fileKey: string): Promise<OpenedBook | null> {
    const open = this.books.get(fileKey);
    if (open) {
      this.touch(open);
      return open;
    }
    const pending = this.opening.get(fileKey);
    if (pending) return pending;
    const opening = this.load(fileKey).finally(() => this.opening.delete(fileKey));
    this.opening.set(fileKey, opening);
    return opening;
  }

  /** An entry as served (markup cleaned of scripts), or null when the book has no such file. */
  entry(book: OpenedBook, path: string): ServedEntry | null {
    const kept = book.served.get(path);
    if (kept) return kept;
    const type = servedType(path, book.types.get(path));
    const raw = book.archive.read(path, false);
    if (!raw) return null;
    const served = { data: isMarkup(type) ? cleanMarkup(raw, type) : raw, type };
    if (served.data.length <= KEEP_ENTRY_MAX_BYTES && this.books.get(book.fileKey) === book) {
      book.served.set(path, served);
      this.grow(book, served.data.length);
    }
    return served;
  }

  private async load(fileKey: string): Promise<OpenedBook | null> {
    const epub = await this.store.get(fileKey);
    if (!epub) return null;
    const bytes = new Uint8Array(epub.buffer, epub.byteOffset, epub.byteLength);
    const publication = await this.publicationOf(fileKey, bytes);
    const book: OpenedBook = {
      fileKey,
      manifest: encoder.encode(JSON.stringify(publication.manifest)),
      positions: encoder.encode(JSON.stringify(publication.positions)),
      archive: EpubArchive.open(bytes),
      types: typesOf(publication),
      served: new Map(),
      cost: 0,
    };
    this.books.set(fileKey, book);
    this.grow(book, bytes.length + book.manifest.length + book.positions.length);
    return book;
  }

  /**
   * The stored publication; one a book stored before publications were has none (or one of an
   * older format), so it is built and stored on first use, once however many ask at once.
   */
  private async publicationOf(fileKey: string, epub: Uint8Array): Promise<Publication> {
    const key = publicationKeyOf(fileKey);
    const stored = await this.store.get(key);
    const publication = stored && readPublicationFile(stored);
    if (publication) return publication;
    const pending = this.building.get(key);
    if (pending) return pending;
    const building = (async () => {
      const built = buildPublication(epub);
      await this.store.put(key, publicationFile(built));
      return built;
    })().finally(() => this.building.delete(key));
    this.building.set(key, building);
    return building;
  }

  private touch(book: OpenedBook): void {
    this.books.delete(book.fileKey);
    this.books.set(book.fileKey, book);
  }

  /** Counts bytes a book now holds, and closes the least recently used others past the budget. */
  private grow(book: OpenedBook, bytes: number): void {
    book.cost += bytes;
    this.total += bytes;
    for (const [key, other] of this.books) {
      if (this.total <= this.maxBytes) break;
      if (other === book) continue;
      this.books.delete(key);
      this.total -= other.cost;
    }
  }
}
