import { strFromU8, unzipSync, type Unzipped } from "fflate";

export interface EpubMetadata {
  title: string;
  authors: string[];
  subjects: string[];
  description: string;
  language: string;
  year: number | null;
  cover: { data: Uint8Array; extension: string } | null;
}

export class EpubRejected extends Error {}

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

/** Reads an EPUB's package metadata; throws EpubRejected with a reason a librarian understands. */
export function readEpubMetadata(bytes: Uint8Array): EpubMetadata {
  let files: Unzipped;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new EpubRejected("not a zip file, so not an EPUB");
  }
  if (files["META-INF/rights.xml"]) throw new EpubRejected("DRM-protected (META-INF/rights.xml)");
  const encryption = files["META-INF/encryption.xml"];
  if (encryption) {
    const algorithms = [...strFromU8(encryption).matchAll(/<(?:\w+:)?EncryptionMethod[^>]*>/g)].map(
      (m) => attribute(m[0], "Algorithm") ?? "",
    );
    if (algorithms.some((a) => !FONT_OBFUSCATION.includes(a)))
      throw new EpubRejected("DRM-protected (encrypted content)");
  }
  const container = files["META-INF/container.xml"];
  if (!container)
    throw new EpubRejected("no META-INF/container.xml, so no package document can be found");
  const rootfile = /<(?:\w+:)?rootfile\s[^>]*>/i.exec(strFromU8(container))?.[0];
  const opfPath = rootfile ? attribute(rootfile, "full-path") : undefined;
  const opfBytes = opfPath ? files[opfPath] : undefined;
  if (!opfPath || !opfBytes)
    throw new EpubRejected("no package document (the OPF file the container names is missing)");
  const opf = strFromU8(opfBytes);
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
    const data = files[resolve(opfPath, coverItem.href)];
    if (data) cover = { data, extension: imageExtensions[coverItem.type]! };
  }

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
