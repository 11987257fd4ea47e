import { isTag, type AnyNode, type Element } from "domhandler";
import { decodeHTML } from "entities";
import { DomUtils, parseDocument } from "htmlparser2";

// A thin layer over htmlparser2 for the package files of an EPUB (container, OPF, nav, NCX):
// elements are matched by local name, so `dc:title`, `opf:item` and `item` are all found.

/** Parses XML (entities XML knows are decoded; tag and attribute case is kept). */
export const parseXml = (text: string) => parseDocument(text, { xmlMode: true });

/** `dc:title` → `title`, in lower case. */
export const localName = (name: string) => (name.split(":").pop() ?? name).toLowerCase();

/** Every element under `root` (any depth) with this local name, in document order. */
export const elementsNamed = (root: AnyNode | AnyNode[], name: string): Element[] =>
  DomUtils.findAll((el) => localName(el.name) === name, Array.isArray(root) ? root : [root]);

export const firstNamed = (root: AnyNode | AnyNode[], name: string): Element | undefined =>
  elementsNamed(root, name)[0];

/** The element's own children with this local name. */
export const childrenNamed = (parent: Element, name: string): Element[] =>
  parent.children.filter((c): c is Element => isTag(c) && localName(c.name) === name);

/** An attribute by its full name (`epub:type`) or, failing that, its local name (`type`). */
export function attribute(el: Element, name: string): string | undefined {
  const exact = Object.keys(el.attribs).find((k) => k.toLowerCase() === name.toLowerCase());
  if (exact !== undefined) return el.attribs[exact];
  const local = localName(name);
  const byLocal = Object.keys(el.attribs).find((k) => localName(k) === local);
  return byLocal === undefined ? undefined : el.attribs[byLocal];
}

/**
 * Text content, space folded. HTML's named entities (`&nbsp;` in an EPUB 2 nav) are decoded too:
 * an XML parser leaves them as written.
 */
export const textOf = (el: Element) =>
  decodeHTML(DomUtils.textContent(el)).replace(/\s+/g, " ").trim();

/** Space-separated tokens of an attribute (`properties`, `epub:type`). */
export const tokens = (value: string | undefined) =>
  (value ?? "").split(/\s+/).filter((t) => t !== "");
