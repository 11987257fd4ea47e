import type { Element } from "domhandler";
import { EpubRejected, type EpubArchive } from "../epub-archive";
import { resolveHref } from "./paths";
import {
  attribute,
  childrenNamed,
  elementsNamed,
  firstNamed,
  parseXml,
  textOf,
  tokens,
} from "./xml";

/** Larger package files than these are no EPUB a person made (as epub-metadata.ts holds). */
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

/** The package document's path, as META-INF/container.xml names it. */
function packagePath(archive: EpubArchive): string {
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
  if (!path || !archive.has(path))
    throw new EpubRejected("no package document (the OPF file the container names is missing)");
  return path;
}

const validDate = (text: string | undefined) =>
  text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;

/** Creators that are authors: no role, or `aut` (EPUB 2's opf:role, EPUB 3's refining meta). */
function authorsOf(metadata: Element): string[] {
  const roles = new Map<string, string>();
  for (const meta of elementsNamed(metadata, "meta")) {
    const refines = attribute(meta, "refines");
    if (refines?.startsWith("#") && attribute(meta, "property") === "role")
      roles.set(refines.slice(1), textOf(meta));
  }
  return elementsNamed(metadata, "creator")
    .filter((creator) => {
      const id = attribute(creator, "id");
      const role = attribute(creator, "opf:role") ?? (id ? roles.get(id) : undefined);
      return role === undefined || role === "aut";
    })
    .map(textOf)
    .filter(Boolean);
}

/** Reads and checks the package document: its metadata, manifest and spine. */
export function readPackage(archive: EpubArchive): PackageDocument {
  const opfPath = packagePath(archive);
  const opf = entryText(archive, opfPath, PACKAGE_MAX_BYTES, "package document")!;
  const root = parseXml(opf, "package document");
  const pkg = firstNamed(root, "package");
  if (!pkg) throw new EpubRejected("its package document cannot be read (no <package> element)");
  const metadata = firstNamed(pkg, "metadata");
  const manifest = firstNamed(pkg, "manifest");
  const spine = firstNamed(pkg, "spine");
  if (!metadata || !manifest)
    throw new EpubRejected("its package document cannot be read (no metadata or manifest)");
  if (!spine) throw new EpubRejected("the book has no reading order (no spine)");

  // Paths seen are kept in sets: a package may list tens of thousands of items and itemrefs.
  const itemsById = new Map<string, PackageItem>();
  const items: PackageItem[] = [];
  const itemPaths = new Set<string>();
  for (const el of childrenNamed(manifest, "item")) {
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
    itemsById.set(id, item);
    // An item the zip lacks is left out of the resources; the reading order refuses one below.
    if (archive.has(item.path) && !itemPaths.has(item.path)) {
      itemPaths.add(item.path);
      items.push(item);
    }
  }

  const spineItems: SpineItem[] = [];
  const spinePaths = new Set<string>();
  for (const ref of childrenNamed(spine, "itemref")) {
    const idref = attribute(ref, "idref") ?? "";
    const item = itemsById.get(idref);
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
  const uniqueId = attribute(pkg, "unique-identifier");
  const identifiers = elementsNamed(metadata, "identifier");
  const identifier =
    identifiers.find((el) => uniqueId && attribute(el, "id") === uniqueId) ?? identifiers[0];
  const epub2Modified = elementsNamed(metadata, "date").find(
    (el) => attribute(el, "opf:event") === "modification",
  );
  const modifiedMeta = property("dcterms:modified");
  const coverId = metas.find((m) => attribute(m, "name") === "cover");
  const inZip = (item: PackageItem | undefined) =>
    item && items.includes(item) ? item : undefined;
  const direction = attribute(spine, "page-progression-direction");
  const layout = property("rendition:layout");
  const title = elementsNamed(metadata, "title").map(textOf).find(Boolean);
  if (!title) throw new EpubRejected("no title in the package metadata");

  return {
    opfPath,
    title,
    authors: authorsOf(metadata),
    languages: elementsNamed(metadata, "language").map(textOf).filter(Boolean),
    identifier: identifier ? textOf(identifier) || null : null,
    modified: validDate(
      modifiedMeta ? textOf(modifiedMeta) : epub2Modified && textOf(epub2Modified),
    ),
    publisher: elementsNamed(metadata, "publisher").map(textOf).find(Boolean) ?? null,
    description: elementsNamed(metadata, "description").map(textOf).find(Boolean) ?? null,
    fixedLayout: layout !== undefined && textOf(layout) === "pre-paginated",
    pageProgression: direction === "rtl" || direction === "ltr" ? direction : null,
    items,
    spine: spineItems,
    cover:
      inZip(items.find((i) => i.properties.includes("cover-image"))) ??
      inZip(itemsById.get(coverId ? (attribute(coverId, "content") ?? "") : "")) ??
      null,
    nav: inZip(items.find((i) => i.properties.includes("nav"))) ?? null,
    ncx:
      inZip(itemsById.get(attribute(spine, "toc") ?? "")) ??
      inZip(items.find((i) => i.type === "application/x-dtbncx+xml")) ??
      null,
  };
}
