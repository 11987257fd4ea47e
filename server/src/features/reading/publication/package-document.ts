import type { Document, Element } from "domhandler";
import { EpubRejected, type EpubArchive } from "../epub-archive";
import { resolveHref } from "./paths";
import {
  attribute,
  childrenNamed,
  elementsNamed,
  firstNamed,
  outermostNamed,
  parseXml,
  plainTextOf,
  textOf,
  tokens,
} from "./xml";

// The one reader of an EPUB's package document (the OPF), and of the container.xml that names
// it. The publication reads it whole and checks its reading order (readPackage); a book arriving
// in the catalogue reads its metadata and cover first (listingOf), before any of that is checked
// (decision 034).

/** Larger package files than these are no EPUB a person made. */
const CONTAINER_MAX_BYTES = 1024 * 1024;
export const PACKAGE_MAX_BYTES = 16 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8");

export interface PackageItem {
  id: string;
  /** the entry's path inside the zip */
  path: string;
  type: string;
  properties: string[];
}

export interface SpineItem {
  item: PackageItem;
  linear: boolean;
  properties: string[];
}

export interface PackageDocument {
  opfPath: string;
  title: string;
  authors: string[];
  languages: string[];
  identifier: string | null;
  modified: string | null;
  publisher: string | null;
  description: string | null;
  fixedLayout: boolean;
  pageProgression: "ltr" | "rtl" | null;
  /** every manifest item that is in the zip, in the package's order */
  items: PackageItem[];
  spine: SpineItem[];
  cover: PackageItem | null;
  nav: PackageItem | null;
  ncx: PackageItem | null;
}

/** An entry's text, refused past `max` bytes (as it declares; reading stops there too). */
export function entryText(
  archive: EpubArchive,
  path: string,
  max: number,
  what: string,
): string | null {
  const size = archive.declaredSize(path);
  if (size === undefined) return null;
  if (size > max) throw new EpubRejected(`its ${what} is larger than any EPUB's`);
  return utf8.decode(archive.read(path)).replace(/^\uFEFF/, "");
}

/** The package document as META-INF/container.xml names it: its path and text, not parsed. */
export interface PackageFile {
  path: string;
  text: string;
}

/** Finds and reads the package document; throws when there is none, or it is too large. */
export function packageFileOf(archive: EpubArchive): PackageFile {
  const container = entryText(
    archive,
    "META-INF/container.xml",
    CONTAINER_MAX_BYTES,
    "container.xml",
  );
  if (container === null)
    throw new EpubRejected("no META-INF/container.xml, so no package document can be found");
  const rootfile = firstNamed(parseXml(container, "container.xml"), "rootfile");
  const path = rootfile && attribute(rootfile, "full-path");
  const text = path ? entryText(archive, path, PACKAGE_MAX_BYTES, "package document") : null;
  if (!path || text === null)
    throw new EpubRejected("no package document (the OPF file the container names is missing)");
  return { path, text };
}

/** A package document parsed: what both readings start from. */
export interface ParsedPackage extends PackageFile {
  root: Document;
  /** the `<package>` element, and its first `<metadata>`, `<manifest>` and `<spine>` */
  pkg: Element | undefined;
  metadata: Element | undefined;
  manifest: Element | undefined;
  spine: Element | undefined;
}

/** Parses the package document; throws when its elements nest deeper than any book's. */
export function parsePackage(file: PackageFile): ParsedPackage {
  const root = parseXml(file.text, "package document");
  const pkg = firstNamed(root, "package");
  return {
    ...file,
    root,
    pkg,
    metadata: pkg && firstNamed(pkg, "metadata"),
    manifest: pkg && firstNamed(pkg, "manifest"),
    spine: pkg && firstNamed(pkg, "spine"),
  };
}

interface Manifest {
  /** every item that is in the zip, once each, in the package's order */
  items: PackageItem[];
  /** every item with an id and an href, in the zip or not */
  byId: Map<string, PackageItem>;
}

/** The manifest's items. Paths seen are kept in a set: a package may list tens of thousands. */
function manifestOf(archive: EpubArchive, { path: opfPath, manifest }: ParsedPackage): Manifest {
  const byId = new Map<string, PackageItem>();
  const items: PackageItem[] = [];
  const paths = new Set<string>();
  for (const el of manifest ? childrenNamed(manifest, "item") : []) {
    const id = attribute(el, "id");
    const href = attribute(el, "href");
    const resolved = href === undefined ? null : resolveHref(opfPath, href);
    if (!id || !resolved) continue;
    const item: PackageItem = {
      id,
      path: resolved.path,
      type: (attribute(el, "media-type") ?? "").trim().toLowerCase(),
      properties: tokens(attribute(el, "properties")),
    };
    byId.set(id, item);
    // An item the zip lacks is left out of the resources; the reading order refuses one.
    if (archive.has(item.path) && !paths.has(item.path)) {
      paths.add(item.path);
      items.push(item);
    }
  }
  return { items, byId };
}

/** The cover image: the item marked `cover-image` (EPUB 3), else `<meta name="cover">`'s (2). */
function coverOf({ items, byId }: Manifest, metadata: Element | undefined): PackageItem | null {
  const coverMeta =
    metadata && elementsNamed(metadata, "meta").find((m) => attribute(m, "name") === "cover");
  const inZip = (item: PackageItem | undefined) =>
    item && items.includes(item) ? item : undefined;
  return (
    inZip(items.find((i) => i.properties.includes("cover-image"))) ??
    inZip(byId.get(coverMeta ? (attribute(coverMeta, "content") ?? "") : "")) ??
    null
  );
}

const validDate = (text: string | undefined) =>
  text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;

/** Creators that are authors: no role, or `aut` (EPUB 2's opf:role, EPUB 3's refining meta). */
function authorsOf(metadata: Element): string[] {
  const roles = new Map<string, string>();
  for (const meta of outermostNamed(metadata, "meta")) {
    const refines = attribute(meta, "refines");
    if (refines?.startsWith("#") && attribute(meta, "property") === "role")
      roles.set(refines.slice(1), textOf(meta));
  }
  return outermostNamed(metadata, "creator")
    .filter((creator) => {
      const id = attribute(creator, "id");
      const role = attribute(creator, "opf:role") ?? (id ? roles.get(id) : undefined);
      return role === undefined || role === "aut";
    })
    .map(textOf)
    .filter(Boolean);
}

/** Reads and checks the package document for the publication: metadata, manifest and spine. */
export function readPackage(archive: EpubArchive): PackageDocument {
  const parsed = parsePackage(packageFileOf(archive));
  const { path: opfPath, pkg, metadata, manifest, spine } = parsed;
  if (!pkg) throw new EpubRejected("its package document cannot be read (no <package> element)");
  if (!metadata || !manifest)
    throw new EpubRejected("its package document cannot be read (no metadata or manifest)");
  if (!spine) throw new EpubRejected("the book has no reading order (no spine)");

  const { items, byId } = manifestOf(archive, parsed);
  const spineItems: SpineItem[] = [];
  const spinePaths = new Set<string>();
  for (const ref of childrenNamed(spine, "itemref")) {
    const idref = attribute(ref, "idref") ?? "";
    const item = byId.get(idref);
    if (!item)
      throw new EpubRejected(
        `its reading order names "${idref.slice(0, 80)}", which the package does not list`,
      );
    if (!archive.has(item.path))
      throw new EpubRejected(
        `its reading order names "${item.path.slice(0, 120)}", which is not in the file`,
      );
    if (spinePaths.has(item.path)) continue;
    spinePaths.add(item.path);
    spineItems.push({
      item,
      linear: attribute(ref, "linear") !== "no",
      properties: tokens(attribute(ref, "properties")),
    });
  }
  if (!spineItems.some((s) => s.linear)) throw new EpubRejected("the book has no reading order");

  const metas = elementsNamed(metadata, "meta");
  const property = (name: string) =>
    metas.find((m) => attribute(m, "property") === name && !attribute(m, "refines"));
  // Only the outermost of each are read: their texts take linear time together.
  const texts = (name: string) => outermostNamed(metadata, name).map(textOf).filter(Boolean);
  const uniqueId = attribute(pkg, "unique-identifier");
  const identifiers = outermostNamed(metadata, "identifier");
  const identifier =
    identifiers.find((el) => uniqueId && attribute(el, "id") === uniqueId) ?? identifiers[0];
  const epub2Modified = elementsNamed(metadata, "date").find(
    (el) => attribute(el, "opf:event") === "modification",
  );
  const modifiedMeta = property("dcterms:modified");
  const inZip = (item: PackageItem | undefined) =>
    item && items.includes(item) ? item : undefined;
  const direction = attribute(spine, "page-progression-direction");
  const layout = property("rendition:layout");
  const title = texts("title")[0];
  if (!title) throw new EpubRejected("no title in the package metadata");

  return {
    opfPath,
    title,
    authors: authorsOf(metadata),
    languages: texts("language"),
    identifier: identifier ? textOf(identifier) || null : null,
    modified: validDate(
      modifiedMeta ? textOf(modifiedMeta) : epub2Modified && textOf(epub2Modified),
    ),
    publisher: texts("publisher")[0] ?? null,
    description: texts("description")[0] ?? null,
    fixedLayout: layout !== undefined && textOf(layout) === "pre-paginated",
    pageProgression: direction === "rtl" || direction === "ltr" ? direction : null,
    items,
    spine: spineItems,
    cover: coverOf({ items, byId }, metadata),
    nav: inZip(items.find((i) => i.properties.includes("nav"))) ?? null,
    ncx:
      inZip(byId.get(attribute(spine, "toc") ?? "")) ??
      inZip(items.find((i) => i.type === "application/x-dtbncx+xml")) ??
      null,
  };
}

/**
 * What the package says of a book as the shop lists it: plain text (escaped markup dropped
 * too), every creator whatever their role, and the cover. Nothing here is required or checked:
 * the caller decides what a book cannot go without.
 */
export interface PackageListing {
  titles: string[];
  creators: string[];
  subjects: string[];
  descriptions: string[];
  languages: string[];
  dates: string[];
  cover: PackageItem | null;
}

/**
 * Whether the package never closes its `<metadata>`, as written. The DOM closes it at
 * `</package>` or at the end of the file; the shop has always listed such a package as having
 * no metadata, so refused it for want of a title (decision 034).
 */
function metadataNeverClosed(text: string): boolean {
  const open = /<(?:\w+:)?metadata[\s>]/i.exec(text);
  if (!open) return true;
  const close = /<\/(?:\w+:)?metadata>/gi;
  close.lastIndex = open.index + open[0].length;
  return !close.test(text);
}

/** A package document's metadata and cover, as the shop lists the book. */
export function listingOf(archive: EpubArchive, parsed: ParsedPackage): PackageListing {
  // The first <metadata>, in a <package> or not: the publication refuses a file with none.
  const metadata = metadataNeverClosed(parsed.text)
    ? undefined
    : firstNamed(parsed.root, "metadata");
  const texts = (name: string) =>
    metadata ? outermostNamed(metadata, name).map(plainTextOf).filter(Boolean) : [];
  return {
    titles: texts("title"),
    creators: texts("creator"),
    subjects: texts("subject"),
    descriptions: texts("description"),
    languages: texts("language"),
    dates: texts("date"),
    cover: coverOf(manifestOf(archive, parsed), metadata),
  };
}
