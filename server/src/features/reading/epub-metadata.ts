import { strFromU8 } from "fflate";
import { EpubArchive, EpubRejected, epubLimits, type ArchiveLimits } from "./epub-archive";

export { EpubRejected } from "./epub-archive";

export interface EpubMetadata {
  title: string;
  authors: string[];
  subjects: string[];
  description: string;
  language: string;
  year: number | null;
  cover: { data: Uint8Array; extension: string } | null;
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
const stripTags = (text: string) => text.replace(/<[^>]+>/g, " ");
/**
 * Text content of a piece of XML: tags dropped, entities decoded, space folded. Descriptions
 * often hold escaped HTML (&lt;p&gt;), so that is unescaped and stripped once more.
 */
const textOf = (xml: string) =>
  decode(stripTags(decode(stripTags(xml.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")))))
    .replace(/\s+/g, " ")
    .trim();

/** Every `<prefix:name …>text</prefix:name>` (any or no namespace prefix). */
function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(
    `<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`,
    "gi",
  );
  return [...xml.matchAll(pattern)].map((m) => textOf(m[1] ?? "")).filter(Boolean);
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i")
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);
}

/** Font obfuscation is not DRM: readers undo it with the book's own identifier. */
const FONT_OBFUSCATION = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"];

const imageExtensions: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/svg+xml": "svg",
  "image/webp": "webp",
};

function resolve(base: string, href: string): string {
  const parts = base.split("/").slice(0, -1);
  for (const segment of decodeURIComponent(href.split("#")[0] ?? "").split("/")) {
    if (segment === "..") parts.pop();
    else if (segment && segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** Larger package files than these are no EPUB a person made. */
const CONTAINER_MAX_BYTES = 1024 * 1024;
const PACKAGE_MAX_BYTES = 16 * 1024 * 1024;
/** A larger cover is left in the book but not shown: the shop draws one instead. */
const COVER_MAX_BYTES = 5 * 1024 * 1024;

const EPUB_MIMETYPE = "application/epub+zip";

/** An entry's text, refused past `max` bytes (as it declares; reading stops there too). */
function entryText(archive: EpubArchive, name: string, max: number, what: string): string | null {
  const size = archive.declaredSize(name);
  if (size === undefined) return null;
  if (size > max) throw new EpubRejected(`its ${what} is larger than any EPUB's`);
  return strFromU8(archive.read(name)!);
}

/**
 * Checks an EPUB whole and reads its package metadata; throws EpubRejected with a reason a
 * librarian understands. The zip is read safely (epub-archive.ts): its table of contents is
 * checked before anything is unpacked, and every entry is then unpacked with a hard stop.
 */
export async function readEpubMetadata(
  bytes: Uint8Array,
  limits: ArchiveLimits = epubLimits,
): Promise<EpubMetadata> {
  const archive = EpubArchive.open(bytes, limits);
  if (archive.has("META-INF/rights.xml"))
    throw new EpubRejected("DRM-protected (META-INF/rights.xml)", "drm");
  const encryption = entryText(
    archive,
    "META-INF/encryption.xml",
    PACKAGE_MAX_BYTES,
    "encryption.xml",
  );
  if (encryption !== null) {
    const algorithms = [...encryption.matchAll(/<(?:\w+:)?EncryptionMethod[^>]*>/g)].map(
      (m) => attribute(m[0], "Algorithm") ?? "",
    );
    if (algorithms.some((a) => !FONT_OBFUSCATION.includes(a)))
      throw new EpubRejected("DRM-protected (encrypted content)", "drm");
  }
  const container = entryText(
    archive,
    "META-INF/container.xml",
    CONTAINER_MAX_BYTES,
    "container.xml",
  );
  if (container === null)
    throw new EpubRejected("no META-INF/container.xml, so no package document can be found");
  const rootfile = /<(?:\w+:)?rootfile\s[^>]*>/i.exec(container)?.[0];
  const opfPath = rootfile ? attribute(rootfile, "full-path") : undefined;
  const opf = opfPath ? entryText(archive, opfPath, PACKAGE_MAX_BYTES, "package document") : null;
  if (!opfPath || opf === null)
    throw new EpubRejected("no package document (the OPF file the container names is missing)");
  const mimetype = entryText(archive, "mimetype", 1024, "mimetype entry")?.trim() ?? null;
  if (mimetype === null) throw new EpubRejected("it has no mimetype entry");
  if (mimetype !== EPUB_MIMETYPE)
    throw new EpubRejected(
      `its mimetype entry says "${mimetype.slice(0, 60)}", not ${EPUB_MIMETYPE}`,
    );
  const metadata = /<(?:\w+:)?metadata[\s>][\s\S]*?<\/(?:\w+:)?metadata>/i.exec(opf)?.[0] ?? "";

  const title = elements(metadata, "title")[0];
  if (!title) throw new EpubRejected("no title in the package metadata");
  const authors = elements(metadata, "creator");
  const date = elements(metadata, "date")[0];
  const year = date ? Number(/\b(\d{4})\b/.exec(date)?.[1]) || null : null;

  const items = [...opf.matchAll(/<(?:\w+:)?item\s[^>]*>/gi)].map((m) => ({
    id: attribute(m[0], "id"),
    href: attribute(m[0], "href"),
    type: attribute(m[0], "media-type"),
    properties: attribute(m[0], "properties") ?? "",
  }));
  const coverId = [...metadata.matchAll(/<(?:\w+:)?meta\s[^>]*>/gi)]
    .map((m) => m[0])
    .find((tag) => attribute(tag, "name") === "cover");
  const coverItem =
    items.find((item) => item.properties.split(/\s+/).includes("cover-image")) ??
    items.find((item) => coverId && item.id === attribute(coverId, "content"));
  let cover: EpubMetadata["cover"] = null;
  if (coverItem?.href && coverItem.type && imageExtensions[coverItem.type]) {
    const coverPath = resolve(opfPath, coverItem.href);
    const size = archive.declaredSize(coverPath);
    if (size !== undefined && size > 0 && size <= COVER_MAX_BYTES)
      cover = { data: archive.read(coverPath)!, extension: imageExtensions[coverItem.type]! };
  }

  // Every other entry is unpacked too, and counted: a damaged or lying one refuses the file.
  await archive.verifyAll();
  return {
    title,
    authors: authors.length ? authors : ["Unknown Author"],
    subjects: elements(metadata, "subject"),
    description: elements(metadata, "description")[0] ?? "",
    language: elements(metadata, "language")[0] ?? "en",
    year,
    cover,
  };
}
