import { createInflateRaw, inflateRawSync } from "node:zlib";
import { staffLimits } from "@folio/contract/staff";

/**
 * Why a file cannot be taken as an EPUB, in words a librarian understands: `invalid` (not an
 * EPUB, or a damaged one), `too-large` (past the shop's limits once unpacked) or `drm`.
 */
export class EpubRejected extends Error {
  constructor(
    reason: string,
    readonly kind: "invalid" | "too-large" | "drm" = "invalid",
  ) {
    super(reason);
    this.name = "EpubRejected";
  }
}

export interface ArchiveLimits {
  /** entries in the zip, directories included */
  maxEntries: number;
  /** every entry unpacked, together */
  unpackedMaxBytes: number;
}

export const epubLimits: ArchiveLimits = {
  maxEntries: staffLimits.maxEntries,
  unpackedMaxBytes: staffLimits.unpackedMaxBytes,
};

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** what the central directory says it unpacks to: checked, never trusted */
  size: number;
  headerOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Entries up to this size are unpacked in one call, capped at the size they declare. */
const SMALL_ENTRY_BYTES = 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const utf8 = new TextDecoder("utf-8");

/** The trouble with an entry's name, if any: one that could land outside the book's folder. */
function unsafeName(name: string): string | null {
  if (name === "") return "an entry with no name";
  if ([...name].some((c) => c.charCodeAt(0) < 0x20))
    return "an entry whose name holds control characters";
  if (name.includes("\\")) return `an entry named "${name}" with a backslash in it`;
  if (name.startsWith("/")) return `an entry named "${name}" with an absolute path`;
  if (/^[a-zA-Z]:/.test(name)) return `an entry named "${name}" with a drive letter`;
  if (name.split("/").includes(".."))
    return `an entry named "${name}" that points outside the book`;
  return null;
}

/** Reads the zip's own table of contents; nothing is unpacked yet. */
function readDirectory(bytes: Uint8Array, limits: ArchiveLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const notZip = () => new EpubRejected("it is not a zip file");
  const damaged = (what: string) => new EpubRejected(`the zip is damaged (${what})`);

  if (bytes.length < 22 || u32(0) !== LOCAL) throw notZip();
  // The end record is in the last 22 bytes, or further back by at most a 64 KiB comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX16); at--) {
    if (u32(at) === EOCD && at + 22 + u16(at + 20) <= bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notZip();
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0)
    throw new EpubRejected("it is split over several files");
  let total = u16(end + 10);
  let directorySize = u32(end + 12);
  let directoryAt = u32(end + 16);
  if (total === MAX16 || directorySize === MAX32 || directoryAt === MAX32) {
    const locator = end - 20;
    if (locator < 0 || u32(locator) !== ZIP64_LOCATOR) throw damaged("no ZIP64 end record");
    const at = u64(locator + 8);
    if (at + 56 > bytes.length || u32(at) !== ZIP64_EOCD) throw damaged("no ZIP64 end record");
    total = u64(at + 32);
    directorySize = u64(at + 40);
    directoryAt = u64(at + 48);
  }
  // Refused on the count it declares, before a single entry is read.
  if (total > limits.maxEntries)
    throw new EpubRejected(
      `it holds ${total.toLocaleString("en-GB")} files, more than the ${limits.maxEntries.toLocaleString("en-GB")} an EPUB may have`,
      "too-large",
    );
  if (directoryAt + directorySize > bytes.length) throw damaged("its table of contents is cut off");

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = directoryAt;
  for (let i = 0; i < total; i++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw damaged("its table of contents");
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > bytes.length) throw damaged("its table of contents is cut off");
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: ZipEntry = {
      name,
      flags: u16(at + 8),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      headerOffset: u32(at + 42),
    };
    if (entry.size === MAX32 || entry.compressedSize === MAX32 || entry.headerOffset === MAX32) {
      // ZIP64: the real numbers are in the extra field, in this order, for those that overflowed.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = u16(extra);
        const length = u16(extra + 2);
        if (id === 1) {
          let field = extra + 4;
          const take = () => {
            if (field + 8 > extra + 4 + length) throw damaged(`the sizes of "${name}"`);
            const value = u64(field);
            field += 8;
            return value;
          };
          if (entry.size === MAX32) entry.size = take();
          if (entry.compressedSize === MAX32) entry.compressedSize = take();
          if (entry.headerOffset === MAX32) entry.headerOffset = take();
          break;
        }
        extra += 4 + length;
      }
      if (entry.size === MAX32 || entry.compressedSize === MAX32 || entry.headerOffset === MAX32)
        throw damaged(`the sizes of "${name}"`);
    }
    const trouble = unsafeName(name);
    if (trouble) throw new EpubRejected(`it holds ${trouble}`);
    if (names.has(name)) throw new EpubRejected(`it holds two entries named "${name}"`);
    names.add(name);
    if (entry.flags & 1) throw new EpubRejected(`"${name}" is password-protected`);
    if (entry.method !== 0 && entry.method !== 8)
      throw new EpubRejected(
        `"${name}" is packed with a compression method EPUB readers do not support`,
      );
    // Refused on the sizes it declares, before a single byte is unpacked.
    declared += entry.size;
    if (declared > limits.unpackedMaxBytes)
      throw new EpubRejected(
        `it unpacks to more than ${megabytes(limits.unpackedMaxBytes)}, the most the shop takes`,
        "too-large",
      );
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Where an entry's packed bytes are, read from its local header. */
function packedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL)
    throw new EpubRejected(`the zip is damaged ("${entry.name}" is not where it should be)`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length)
    throw new EpubRejected(`the zip is damaged ("${entry.name}" is cut off)`);
  return bytes.subarray(start, start + entry.compressedSize);
}

const liesAboutSize = (entry: ZipEntry) =>
  new EpubRejected(
    `"${entry.name}" unpacks to more than the ${entry.size.toLocaleString("en-GB")} bytes it declares (a zip bomb, or a damaged file)`,
    "too-large",
  );
const damagedEntry = (entry: ZipEntry) =>
  new EpubRejected(`the zip is damaged ("${entry.name}" cannot be unpacked)`);

/**
 * Unpacks an entry in one call, stopping hard past the size it declares: zlib refuses to
 * produce more than `maxOutputLength`, so a lying entry costs at most its declared size.
 */
function unpackCapped(entry: ZipEntry, packed: Uint8Array): Uint8Array {
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw damagedEntry(entry);
    return packed;
  }
  let out: Uint8Array;
  try {
    out = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw liesAboutSize(entry);
    throw damagedEntry(entry);
  }
  if (out.length > entry.size) throw liesAboutSize(entry);
  if (out.length !== entry.size) throw damagedEntry(entry);
  return out;
}

/**
 * Unpacks a large entry as a stream and only counts it: nothing of it is kept, and the stream
 * is stopped as soon as it passes the size the entry declares.
 */
function countUnpacked(entry: ZipEntry, packed: Uint8Array): Promise<void> {
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw damagedEntry(entry);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let produced = 0;
    let settled = false;
    const fail = (error: EpubRejected) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      reject(error);
    };
    inflater.on("data", (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.size) fail(liesAboutSize(entry));
    });
    inflater.on("error", () => fail(damagedEntry(entry)));
    inflater.on("end", () => {
      if (settled) return;
      settled = true;
      if (produced === entry.size) resolve();
      else reject(damagedEntry(entry));
    });
    inflater.end(packed);
  });
}

/** A checked zip: its entries by name, each unpacked at most once, and never past its size. */
export class EpubArchive {
  private readonly entries: Map<string, ZipEntry>;
  private readonly unpacked = new Map<string, Uint8Array>();

  private constructor(
    private readonly bytes: Uint8Array,
    entries: ZipEntry[],
  ) {
    this.entries = new Map(entries.map((entry) => [entry.name, entry]));
  }

  /**
   * Reads the zip's table of contents and refuses, before unpacking anything, a file that is no
   * zip, has too many entries, declares too much unpacked, or names an entry outside its folder.
   */
  static open(bytes: Uint8Array, limits: ArchiveLimits = epubLimits): EpubArchive {
    return new EpubArchive(bytes, readDirectory(bytes, limits));
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The size an entry declares, or undefined when there is no such entry. */
  declaredSize(name: string): number | undefined {
    return this.entries.get(name)?.size;
  }

  /**
   * An entry's bytes, or undefined when there is no such entry. Kept for a second read unless
   * `keep` is false (a caller that keeps what it made of them, as the publication cache does).
   */
  read(name: string, keep = true): Uint8Array | undefined {
    const kept = this.unpacked.get(name);
    if (kept) return kept;
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const data = unpackCapped(entry, packedBytes(this.bytes, entry));
    if (keep) this.unpacked.set(name, data);
    return data;
  }

  /** Bytes of the zip itself, for a cache that counts what it holds. */
  get packedSize(): number {
    return this.bytes.length;
  }

  /**
   * Unpacks every entry not read yet, counting what really comes out: declared sizes can lie,
   * so each is stopped hard at its own, and together they stay within the limit checked on open.
   */
  async verifyAll(): Promise<void> {
    for (const entry of this.entries.values()) {
      if (this.unpacked.has(entry.name)) continue;
      const packed = packedBytes(this.bytes, entry);
      if (entry.size <= SMALL_ENTRY_BYTES) unpackCapped(entry, packed);
      else await countUnpacked(entry, packed);
    }
  }
}
