import {
  DomHandler,
  hasChildren,
  isTag,
  isText,
  type AnyNode,
  type Document,
  type Element,
} from "domhandler";
import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";
import { EpubRejected } from "../epub-archive";

// A thin layer over htmlparser2 for the package files of an EPUB (container, OPF, nav, NCX):
// elements are matched by local name, so `dc:title`, `opf:item` and `item` are all found.
// Trees are walked with a stack of our own, in time linear in their size: DomUtils.findAll's
// grows with size times depth, and DomUtils.textContent recurses (decision 034).

/**
 * Far deeper than any book's package files nest. htmlparser2 keeps the open elements in an array
 * it unshifts, so parsing takes time that grows with a file's length times its depth: 2 s for
 * 16 MB this deep, over a minute ten times deeper (unclosed tags nest, each a level deeper).
 */
const MAX_DEPTH = 4096;

/** A DOM builder that refuses the file once its elements nest past MAX_DEPTH. */
class DepthCappedHandler extends DomHandler {
  constructor(private readonly what: string) {
    super(undefined, { xmlMode: true });
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    // The stack holds the document too: its length is the new element's depth.
    if (this.tagStack.length > MAX_DEPTH)
      throw new EpubRejected(`its ${this.what} nests elements more than ${MAX_DEPTH} deep`);
    super.onopentag(name, attribs);
  }
}

/**
 * Parses XML (entities XML knows are decoded; tag and attribute case is kept). Throws
 * EpubRejected, naming the file as `what`, when its elements nest deeper than any book's.
 */
export function parseXml(text: string, what: string): Document {
  const handler = new DepthCappedHandler(what);
  new Parser(handler, { xmlMode: true }).end(text);
  return handler.root;
}

/** `dc:title` → `title`, in lower case. */
export const localName = (name: string) => (name.split(":").pop() ?? name).toLowerCase();

/** `root` and every node under it, in document order. */
function* inDocumentOrder(root: AnyNode | AnyNode[]): Generator<AnyNode> {
  const stack = Array.isArray(root) ? [...root].reverse() : [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    yield node;
    if (hasChildren(node))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Every element in `root` (itself included, any depth) with this local name, in order. */
export function elementsNamed(root: AnyNode | AnyNode[], name: string): Element[] {
  const found: Element[] = [];
  for (const node of inDocumentOrder(root))
    if (isTag(node) && localName(node.name) === name) found.push(node);
  return found;
}

export function firstNamed(root: AnyNode | AnyNode[], name: string): Element | undefined {
  for (const node of inDocumentOrder(root))
    if (isTag(node) && localName(node.name) === name) return node;
  return undefined;
}

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
export function textOf(el: Element): string {
  let text = "";
  for (const node of inDocumentOrder(el)) if (isText(node)) text += node.data;
  return decodeHTML(text).replace(/\s+/g, " ").trim();
}

/** Space-separated tokens of an attribute (`properties`, `epub:type`). */
export const tokens = (value: string | undefined) =>
  (value ?? "").split(/\s+/).filter((t) => t !== "");
