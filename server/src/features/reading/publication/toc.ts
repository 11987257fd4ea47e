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
 * One `<li>` of an EPUB 3 nav: its `<a>` (or a heading `<span>`, which has no target) and the
 * `<ol>` under it. A heading without a target takes its first child's, as Readium does.
 */
function navEntry(base: string, li: Element): ManifestLink[] {
  const label = childrenNamed(li, "a")[0] ?? childrenNamed(li, "span")[0];
  const list = childrenNamed(li, "ol")[0];
  const children = list ? navList(base, list) : [];
  const title = label ? textOf(label) : "";
  const link = label ? linkTo(base, attribute(label, "href"), title) : null;
  if (link) return [children.length ? { ...link, children } : link];
  const first = children[0];
  if (title && first) return [{ href: first.href.split("#")[0]!, title, children }];
  return children;
}

const navList = (base: string, ol: Element): ManifestLink[] =>
  childrenNamed(ol, "li").flatMap((li) => navEntry(base, li));

/** The toc of an EPUB 3 navigation document: its `<nav epub:type="toc">`. */
function fromNav(archive: EpubArchive, path: string): ManifestLink[] {
  const text = entryText(archive, path, PACKAGE_MAX_BYTES, "navigation document");
  if (text === null) return [];
  const nav = elementsNamed(parseXml(text), "nav").find((el) =>
    tokens(attribute(el, "epub:type")).includes("toc"),
  );
  const list = nav && firstNamed(nav, "ol");
  return list ? navList(path, list) : [];
}

function navPoints(base: string, parent: Element): ManifestLink[] {
  return childrenNamed(parent, "navpoint").flatMap((point) => {
    const label = firstNamed(childrenNamed(point, "navlabel"), "text");
    const content = childrenNamed(point, "content")[0];
    const children = navPoints(base, point);
    const link = linkTo(base, content && attribute(content, "src"), label ? textOf(label) : "");
    if (!link) return children;
    return [children.length ? { ...link, children } : link];
  });
}

/** The toc of an EPUB 2 NCX: its `<navMap>`'s nested `<navPoint>`s. */
function fromNcx(archive: EpubArchive, path: string): ManifestLink[] {
  const text = entryText(archive, path, PACKAGE_MAX_BYTES, "NCX table of contents");
  if (text === null) return [];
  const navMap = firstNamed(parseXml(text), "navmap");
  return navMap ? navPoints(path, navMap) : [];
}

/** The book's table of contents: the EPUB 3 nav, else the EPUB 2 NCX; [] when it has neither. */
export function readToc(archive: EpubArchive, pkg: PackageDocument): ManifestLink[] {
  const fromNavDocument = pkg.nav ? fromNav(archive, pkg.nav.path) : [];
  if (fromNavDocument.length) return fromNavDocument;
  return pkg.ncx ? fromNcx(archive, pkg.ncx.path) : [];
}
