import { EpubArchive, epubLimits, type ArchiveLimits } from "../epub-archive";
import { readPackage, type PackageDocument } from "./package-document";
import { hrefOf } from "./paths";
import { readToc } from "./toc";
import {
  MANIFEST_TYPE,
  POSITIONS_TYPE,
  type ManifestLink,
  type PositionList,
  type PositionLocator,
  type Publication,
  type WebPubManifest,
} from "./types";

/** Readium's reflowable page: one position for every 1,024 bytes of a resource, unpacked. */
const POSITION_BYTES = 1024;

/** The first toc title of each resource (fragments aside), the toc read in order. */
function titlesByHref(toc: ManifestLink[]): Map<string, string> {
  const titles = new Map<string, string>();
  const visit = (links: ManifestLink[]) => {
    for (const link of links) {
      const href = link.href.split("#")[0]!;
      if (link.title && !titles.has(href)) titles.set(href, link.title);
      if (link.children) visit(link.children);
    }
  };
  visit(toc);
  return titles;
}

/**
 * Readium's positions for an EPUB: a reflowable resource gets max(1, ceil(bytes / 1024))
 * positions, a fixed-layout one exactly one. Each carries the title of the toc entry covering
 * it: the resource's own, else the last one before it in the reading order.
 */
export function positionsOf(
  readingOrder: ManifestLink[],
  lengths: number[],
  fixedLayout: boolean,
  toc: ManifestLink[],
): PositionList {
  const titles = titlesByHref(toc);
  const positions: PositionLocator[] = [];
  let covering: string | undefined;
  readingOrder.forEach((link, index) => {
    covering = titles.get(link.href) ?? covering;
    const count = fixedLayout ? 1 : Math.max(1, Math.ceil((lengths[index] ?? 0) / POSITION_BYTES));
    for (let i = 0; i < count; i++) {
      positions.push({
        href: link.href,
        type: link.type ?? "application/xhtml+xml",
        ...(covering ? { title: covering } : {}),
        locations: { progression: i / count, position: positions.length + 1, totalProgression: 0 },
      });
    }
  });
  const total = positions.length;
  for (const locator of positions)
    locator.locations.totalProgression = (locator.locations.position - 1) / total;
  return { total, positions };
}

const oneOrMany = (values: string[]) => (values.length === 1 ? values[0] : values);

function metadataOf(pkg: PackageDocument): WebPubManifest["metadata"] {
  return {
    "@type": "http://schema.org/Book",
    conformsTo: "https://readium.org/webpub-manifest/profiles/epub",
    title: pkg.title,
    ...(pkg.authors.length ? { author: oneOrMany(pkg.authors) } : {}),
    ...(pkg.languages.length ? { language: oneOrMany(pkg.languages) } : {}),
    ...(pkg.identifier ? { identifier: pkg.identifier } : {}),
    ...(pkg.modified ? { modified: pkg.modified } : {}),
    ...(pkg.publisher ? { publisher: pkg.publisher } : {}),
    ...(pkg.description ? { description: pkg.description } : {}),
    layout: pkg.fixedLayout ? "fixed" : "reflowable",
    ...(pkg.pageProgression ? { readingProgression: pkg.pageProgression } : {}),
  };
}

/** A page-spread hint of a fixed-layout spine item, as Readium's `properties.page`. */
function spreadOf(properties: string[]): Record<string, string> | undefined {
  const side = properties
    .map((p) => /^(?:rendition:)?page-spread-(left|right|center)$/.exec(p)?.[1])
    .find(Boolean);
  return side ? { page: side } : undefined;
}

/**
 * Builds a book's Readium Web Publication from its EPUB: the manifest (metadata, reading order,
 * resources, toc) and the positions list. Every href is the entry's path inside the zip, so it
 * resolves against the manifest's URL. Throws EpubRejected when the file is no readable EPUB.
 */
export function buildPublication(
  epub: Uint8Array,
  limits: ArchiveLimits = epubLimits,
): Publication {
  const archive = EpubArchive.open(epub, limits);
  const pkg = readPackage(archive);
  const toc = readToc(archive, pkg);
  const titles = titlesByHref(toc);

  const linkOf = (item: PackageDocument["items"][number]): ManifestLink => {
    const href = hrefOf(item.path);
    const rel = item === pkg.cover ? "cover" : item === pkg.nav ? "contents" : undefined;
    return { href, ...(item.type ? { type: item.type } : {}), ...(rel ? { rel } : {}) };
  };
  const linear = pkg.spine.filter((s) => s.linear);
  const readingOrder = linear.map((s) => {
    const link = linkOf(s.item);
    const title = titles.get(link.href);
    const properties = pkg.fixedLayout ? spreadOf(s.properties) : undefined;
    return { ...link, ...(title ? { title } : {}), ...(properties ? { properties } : {}) };
  });
  const inReadingOrder = new Set(linear.map((s) => s.item));
  const resources = pkg.items.filter((item) => !inReadingOrder.has(item)).map(linkOf);

  const manifest: WebPubManifest = {
    "@context": "https://readium.org/webpub-manifest/context.jsonld",
    metadata: metadataOf(pkg),
    links: [
      { rel: "self", href: "manifest.json", type: MANIFEST_TYPE },
      { href: "positions.json", type: POSITIONS_TYPE },
    ],
    readingOrder,
    resources,
    toc,
  };
  // Sizes as the zip declares them: each is checked when the entry is unpacked to be served.
  const lengths = linear.map((s) => archive.declaredSize(s.item.path) ?? 0);
  return { manifest, positions: positionsOf(readingOrder, lengths, pkg.fixedLayout, toc) };
}
