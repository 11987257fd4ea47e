import { EpubArchive, EpubRejected, epubLimits, type ArchiveLimits } from "./epub-archive";
import {
  entryText,
  listingOf,
  PACKAGE_MAX_BYTES,
  packageFileOf,
  parsePackage,
} from "./publication/package-document";
import { attribute, elementsNamed, parseXml } from "./publication/xml";

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

/** Font obfuscation is not DRM: readers undo it with the book's own identifier. */
const FONT_OBFUSCATION = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"];

const imageExtensions: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/svg+xml": "svg",
  "image/webp": "webp",
};

/** A larger cover is left in the book but not shown: the shop draws one instead. */
const COVER_MAX_BYTES = 5 * 1024 * 1024;

const EPUB_MIMETYPE = "application/epub+zip";

/** Refuses a book under DRM: Adobe's rights.xml, or content encrypted by more than fonts. */
function refuseDrm(archive: EpubArchive): void {
  if (archive.has("META-INF/rights.xml"))
    throw new EpubRejected("DRM-protected (META-INF/rights.xml)", "drm");
  const encryption = entryText(
    archive,
    "META-INF/encryption.xml",
    PACKAGE_MAX_BYTES,
    "encryption.xml",
  );
  if (encryption === null) return;
  const algorithms = elementsNamed(parseXml(encryption, "encryption.xml"), "encryptionmethod").map(
    (method) => attribute(method, "Algorithm") ?? "",
  );
  if (algorithms.some((a) => !FONT_OBFUSCATION.includes(a)))
    throw new EpubRejected("DRM-protected (encrypted content)", "drm");
}

/**
 * Checks an EPUB whole and reads its package metadata; throws EpubRejected with a reason a
 * librarian understands. The zip is read safely (epub-archive.ts): its table of contents is
 * checked before anything is unpacked, and every entry is then unpacked with a hard stop. The
 * reading order is not checked here: building the publication does that.
 */
export async function readEpubMetadata(
  bytes: Uint8Array,
  limits: ArchiveLimits = epubLimits,
): Promise<EpubMetadata> {
  const archive = EpubArchive.open(bytes, limits);
  refuseDrm(archive);
  const file = packageFileOf(archive);
  const mimetype = entryText(archive, "mimetype", 1024, "mimetype entry")?.trim() ?? null;
  if (mimetype === null) throw new EpubRejected("it has no mimetype entry");
  if (mimetype !== EPUB_MIMETYPE)
    throw new EpubRejected(
      `its mimetype entry says "${mimetype.slice(0, 60)}", not ${EPUB_MIMETYPE}`,
    );
  const listing = listingOf(archive, parsePackage(file));

  const title = listing.titles[0];
  if (!title) throw new EpubRejected("no title in the package metadata");
  const date = listing.dates[0];
  const year = date ? Number(/\b(\d{4})\b/.exec(date)?.[1]) || null : null;
  let cover: EpubMetadata["cover"] = null;
  const extension = listing.cover && imageExtensions[listing.cover.type];
  if (listing.cover && extension) {
    const size = archive.declaredSize(listing.cover.path) ?? 0;
    if (size > 0 && size <= COVER_MAX_BYTES)
      cover = { data: archive.read(listing.cover.path)!, extension };
  }

  // Every other entry is unpacked too, and counted: a damaged or lying one refuses the file.
  await archive.verifyAll();
  return {
    title,
    authors: listing.creators.length ? listing.creators : ["Unknown Author"],
    subjects: listing.subjects,
    description: listing.descriptions[0] ?? "",
    language: listing.languages[0] ?? "en",
    year,
    cover,
  };
}
