import type { Element } from "domhandler";
import type { EpubArchive } from "../epub-archive";
import { entryText, PACKAGE_MAX_BYTES, type PackageDocument } from "./package-document";
import { hrefOf, resolveHref } from "./paths";
import type { ManifestLink } from "./types";
import {
  attribute,
  childrenNamed,
  elementsNamed,
  firstNamed,
  parseXml,
  textOf,
  tokens,
} from "./xml";

/** A toc entry's href, resolved against the file it is in; null when it leaves the book. */
function linkTo(base: string, href: string | undefined, title: string): ManifestLink | null {
  const target = href === undefined ? null : resolveHref(base, href);
  return target ? { href: hrefOf(target.path, target.fragment), title } : null;
}

/**
 * The levels of a toc kept as the book nests them. Entries deeper down are listed, in order and
 * without nesting, at the last level, under the entry they descend from: no reader shows more
 * levels, and a hostile file nests thousands deep (which, read by recursion, overflows).
 */
const TOC_LEVELS = 32;

/**
 * The links of `entries` and of every entry under them, in document order and without nesting
 * (read with a stack of our own, so any depth is read). An entry without a link is left out;
 * the entries under it are not.
 */
function flattened(
  entries: Element[],
  linkOf: (entry: Element) => ManifestLink | null,
  childrenOf: (entry: Element) => Element[],
): ManifestLink[] {
  const links: ManifestLink[] = [];
  const stack = [...entries].reverse();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const link = linkOf(entry);
    if (link) links.push(link);
    const children = childrenOf(entry);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return links;
}

/** An EPUB 3 nav entry's label: its `<a>`, or a heading `<span>`, which has no target. */
const navLabel = (li: Element) => childrenNamed(li, "a")[0] ?? childrenNamed(li, "span")[0];
const navItems = (ol: Element | undefined) => (ol ? childrenNamed(ol, "li") : []);

/**
 * One `<li>` of an EPUB 3 nav, at toc level `level`: its label and the `<ol>` under it. A heading
 * without a target takes its first child's, as Readium does.
 */
function navEntry(base: string, li: Element, level: number): ManifestLink[] {
  const label = navLabel(li);
  const list = childrenNamed(li, "ol")[0];
  const children = list ? navList(base, list, level + 1) : [];
  const title = label ? textOf(label) : "";
  const link = label ? linkTo(base, attribute(label, "href"), title) : null;
  if (link) return [children.length ? { ...link, children } : link];
  const first = children[0];
  if (title && first) return [{ href: first.href.split("#")[0]!, title, children }];
  return children;
}

function navList(base: string, ol: Element, level: number): ManifestLink[] {
  if (level < TOC_LEVELS) return navItems(ol).flatMap((li) => navEntry(base, li, level));
  return flattened(
    navItems(ol),
    (li) => {
      const label = navLabel(li);
      return label ? linkTo(base, attribute(label, "href"), textOf(label)) : null;
    },
    (li) => navItems(childrenNamed(li, "ol")[0]),
  );
}

/** The toc of an EPUB 3 navigation document: its `<nav epub:type="toc">`. */
function fromNav(archive: EpubArchive, path: string): ManifestLink[] {
  const text = entryText(archive, path, PACKAGE_MAX_BYTES, "navigation document");
  if (text === null) return [];
  const nav = elementsNamed(parseXml(text, "navigation document"), "nav").find((el) =>
    tokens(attribute(el, "epub:type")).includes("toc"),
  );
  const list = nav && firstNamed(nav, "ol");
  return list ? navList(path, list, 1) : [];
}

/** A `<navPoint>`'s own link: its `<content>`'s target, titled by its `<navLabel>`. */
function navPointLink(base: string, point: Element): ManifestLink | null {
  const label = firstNamed(childrenNamed(point, "navlabel"), "text");
  const content = childrenNamed(point, "content")[0];
  return linkTo(base, content && attribute(content, "src"), label ? textOf(label) : "");
}

/** The `<navPoint>`s of `parent`, at toc level `level`. */
function navPoints(base: string, parent: Element, level: number): ManifestLink[] {
  const points = childrenNamed(parent, "navpoint");
  if (level >= TOC_LEVELS)
    return flattened(
      points,
      (point) => navPointLink(base, point),
      (point) => childrenNamed(point, "navpoint"),
    );
  return points.flatMap((point) => {
    const children = navPoints(base, point, level + 1);
    const link = navPointLink(base, point);
    if (!link) return children;
    return [children.length ? { ...link, children } : link];
  });
}

/** The toc of an EPUB 2 NCX: its `<navMap>`'s nested `<navPoint>`s. */
function fromNcx(archive: EpubArchive, path: string): ManifestLink[] {
  const text = entryText(archive, path, PACKAGE_MAX_BYTES, "NCX table of contents");
  if (text === null) return [];
  const navMap = firstNamed(parseXml(text, "NCX table of contents"), "navmap");
  return navMap ? navPoints(path, navMap, 1) : [];
}

/** The book's table of contents: the EPUB 3 nav, else the EPUB 2 NCX; [] when it has neither. */
export function readToc(archive: EpubArchive, pkg: PackageDocument): ManifestLink[] {
  const fromNavDocument = pkg.nav ? fromNav(archive, pkg.nav.path) : [];
  if (fromNavDocument.length) return fromNavDocument;
  return pkg.ncx ? fromNcx(archive, pkg.ncx.path) : [];
}
