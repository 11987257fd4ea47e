import {
  DomHandler,
  hasChildren,
  isCDATA,
  isTag,
  isText,
  type AnyNode,
  type Document,
  type Element,
  type ParentNode,
} from "domhandler";
import { decodeHTML } from "entities";
import { replaceCodePointXML } from "entities/decode";
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

/**
 * Like elementsNamed, but without those inside another match (a `dc:title` in a `dc:title`):
 * the matches' subtrees are apart, so reading the text of each takes linear time together.
 */
export function outermostNamed(root: Element, name: string): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (isTag(node) && localName(node.name) === name) found.push(node);
    else if (hasChildren(node))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
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

/** The entities plain text decodes: XML's own, and the HTML one books often write (a space). */
const plainEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** A numeric reference's character; one that names none (a surrogate, NUL) is U+FFFD, as XML's. */
const character = (codePoint: number) => String.fromCodePoint(replaceCodePointXML(codePoint));

/** Entities decoded once more: the text of escaped markup. Unknown names are left as written. */
const decodePlain = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return character(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return character(Number(name.slice(1)));
    return plainEntities[name.toLowerCase()] ?? whole;
  });

/**
 * Text as the shop lists a book: every tag a space, space folded. Descriptions often hold
 * escaped HTML (`&lt;p&gt;`), so that is unescaped and its tags dropped too; an escaped tag is
 * `<[^<>]+>`, so a million `<` take linear time (decision 034).
 */
export function plainTextOf(el: Element): string {
  let text = "";
  // An element's end is a space too: `END` marks where it is in the walk.
  const END = null;
  const stack: (AnyNode | typeof END)[] = [...el.children].reverse();
  const pushChildren = (node: ParentNode) => {
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  };
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === END) text += " ";
    else if (isText(node)) text += node.data;
    // CDATA is text as written, with no tag of its own.
    else if (isCDATA(node)) pushChildren(node);
    else if (isTag(node)) {
      text += " ";
      stack.push(END);
      pushChildren(node);
    } else text += " "; // a comment or a processing instruction
  }
  return decodePlain(text.replace(/<[^<>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
