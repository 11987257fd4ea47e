import { replaceCodePointXML } from "entities/decode";
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
/**
 * A numeric reference's character. One that names none (past U+10FFFF, a surrogate, NUL) is
 * U+FFFD, as the XML parser reading the publication (htmlparser2) takes it, so both agree.
 */
const character = (codePoint: number) => String.fromCodePoint(replaceCodePointXML(codePoint));
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return character(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return character(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });

// Every pattern below is linear in its text, as a hostile package document is up to 16 MB: a
// tag's `[^<>]*` stops at the next `<` (XML allows none inside a tag), and a closing tag or
// `]]>` is looked for once, not again from every opening after it (decision 034).

const stripTags = (text: string) => text.replace(/<[^<>]+>/g, " ");

/** CDATA sections as their text; from an unclosed one on, the rest is left as written. */
function unwrapCdata(xml: string): string {
  let text = "";
  let at = 0;
  for (let start = xml.indexOf("<![CDATA["); start >= 0; start = xml.indexOf("<![CDATA[", at)) {
    const end = xml.indexOf("]]>", start + 9);
    if (end < 0) break;
    text += xml.slice(at, start) + xml.slice(start + 9, end);
    at = end + 3;
  }
  return text + xml.slice(at);
}

/**
 * Text content of a piece of XML: tags dropped, entities decoded, space folded. Descriptions
 * often hold escaped HTML (&lt;p&gt;), so that is unescaped and stripped once more.
 */
const textOf = (xml: string) =>
  decode(stripTags(decode(stripTags(unwrapCdata(xml)))))
    .replace(/\s+/g, " ")
    .trim();

/**
 * The text of every `<prefix:name …>text</prefix:name>` (any or no namespace prefix), each
 * ending at the first closing tag after it.
 */
function elements(xml: string, name: string): string[] {
  const open = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^<>]*)?>`, "gi");
  const close = new RegExp(`</(?:[\\w-]+:)?${name}>`, "gi");
  const texts: string[] = [];
  for (let start = open.exec(xml); start; start = open.exec(xml)) {
    close.lastIndex = open.lastIndex;
    const end = close.exec(xml);
    // No closing tag after this opening is none after any later one either.
    if (!end) break;
    texts.push(textOf(xml.slice(open.lastIndex, end.index)));
    open.lastIndex = close.lastIndex;
  }
  return texts.filter(Boolean);
}

/** The package's `<metadata>` element, as written; "" when it has none, or none closed. */
function metadataOf(opf: string): string {
  const open = /<(?:\w+:)?metadata[\s>]/i.exec(opf);
  if (!open) return "";
  const close = /<\/(?:\w+:)?metadata>/gi;
  close.lastIndex = open.index + open[0].length;
  return close.exec(opf) ? opf.slice(open.index, close.lastIndex) : "";
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

/** The zip path an href in `base` names; null when its %-escapes are no UTF-8. */
function resolve(base: string, href: string): string | null {
  const parts = base.split("/").slice(0, -1);
  let path: string;
  try {
    path = decodeURIComponent(href.split("#")[0] ?? "");
  } catch {
    return null;
  }
  for (const segment of path.split("/")) {
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
    const algorithms = [...encryption.matchAll(/<(?:\w+:)?EncryptionMethod[^<>]*>/g)].map(
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
  const rootfile = /<(?:\w+:)?rootfile\s[^<>]*>/i.exec(container)?.[0];
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
  const metadata = metadataOf(opf);

  const title = elements(metadata, "title")[0];
  if (!title) throw new EpubRejected("no title in the package metadata");
  const authors = elements(metadata, "creator");
  const date = elements(metadata, "date")[0];
  const year = date ? Number(/\b(\d{4})\b/.exec(date)?.[1]) || null : null;

  const items = [...opf.matchAll(/<(?:\w+:)?item\s[^<>]*>/gi)].map((m) => ({
    id: attribute(m[0], "id"),
    href: attribute(m[0], "href"),
    type: attribute(m[0], "media-type"),
    properties: attribute(m[0], "properties") ?? "",
  }));
  const coverId = [...metadata.matchAll(/<(?:\w+:)?meta\s[^<>]*>/gi)]
    .map((m) => m[0])
    .find((tag) => attribute(tag, "name") === "cover");
  const coverItem =
    items.find((item) => item.properties.split(/\s+/).includes("cover-image")) ??
    items.find((item) => coverId && item.id === attribute(coverId, "content"));
  let cover: EpubMetadata["cover"] = null;
  if (coverItem?.href && coverItem.type && imageExtensions[coverItem.type]) {
    const coverPath = resolve(opfPath, coverItem.href);
    const size = coverPath === null ? undefined : archive.declaredSize(coverPath);
    if (coverPath !== null && size !== undefined && size > 0 && size <= COVER_MAX_BYTES)
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
