import render from "dom-serializer";
import { isDirective, isTag, isText, type AnyNode, type Element } from "domhandler";
import { decodeHTML, decodeHTMLStrict } from "entities";
import { DomUtils, parseDocument } from "htmlparser2";
import { localName } from "./xml";

// Scripts inside a book never run (design.md §7.3). The reader's own code shares the page with
// the book's, so a book's markup is served parsed and rebuilt without anything that runs code;
// the content-security-policy header is the second wall, not the only one.

/** Elements removed with all they hold. */
const REMOVED = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "portal",
  // SVG and XML Events ways to run code on an event.
  "handler",
  "listener",
]);

/** Attributes that hold a URL, and so could hold `javascript:`. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "poster",
  "background",
  "codebase",
  "cite",
  "srcset",
]);

/** SVG animation could set an href to `javascript:` after the markup was checked. */
const ANIMATIONS = new Set(["animate", "set", "animatemotion", "animatetransform"]);

/** Schemes that run code (or open a document of the book's making) when followed. */
const scriptingUrl = (raw: string) => {
  const value = decodeHTML(raw)
    .replace(/[\p{Cc}\s]+/gu, "")
    .toLowerCase();
  return (
    value.startsWith("javascript:") ||
    value.startsWith("vbscript:") ||
    value.startsWith("data:text/html") ||
    value.startsWith("data:application/xhtml") ||
    value.startsWith("data:image/svg")
  );
};

function removed(el: Element): boolean {
  const name = localName(el.name);
  if (REMOVED.has(name)) return true;
  if (name === "meta" && (el.attribs["http-equiv"] ?? "").trim().toLowerCase() === "refresh")
    return true;
  if (ANIMATIONS.has(name)) {
    const target = localName(el.attribs.attributeName ?? el.attribs.attributename ?? "");
    if (target === "href" || target.startsWith("on")) return true;
  }
  return false;
}

// XML lets a document declare entities of its own in its DOCTYPE, and a browser expands them
// after we have looked: `<!ENTITY x "&#60;script&#62;…">` then `&x;` is a script we never saw.
// So in XML the cleaner keeps no declarations, and leaves no reference a document could define.

/** The entities every XML parser knows and no document can redefine. */
const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

/** An `&` and the reference it starts, if it starts one: numeric, or a name up to `;`. */
const AMPERSAND = /&(?:(#\d+|#x[\da-fA-F]+|[^\s&;<>"'#]+);)?/g;

/**
 * Text (or an attribute value) as XML source in which every `&` starts a reference no document
 * can redefine. HTML's named entities (`&nbsp;` in EPUB 2 books, which named the XHTML DTD) are
 * written as numeric references to the characters they mean; any other name is dropped, as it
 * would expand to nothing we have checked; an `&` that starts no reference is written `&amp;`.
 */
function fixedReferences(source: string): string {
  return source.replace(AMPERSAND, (whole, reference?: string) => {
    if (reference === undefined) return "&amp;";
    if (reference.startsWith("#") || XML_ENTITIES.has(reference)) return whole;
    const meant = decodeHTMLStrict(whole);
    if (meant === whole) return "";
    return Array.from(meant, (char) => `&#${char.codePointAt(0)};`).join("");
  });
}

/** `<?xml-stylesheet?>` may name XSLT, which writes a new document (scripts and all). */
const stylesheetType = (data: string) =>
  /\stype\s*=\s*(["'])\s*([^"']*?)\s*\1/i.exec(data)?.[2]?.toLowerCase();

/** A directive the XML cleaner keeps: a processing instruction or the plain DOCTYPE. */
function keptDirective(data: string, topLevel: boolean): boolean {
  if (data.startsWith("?"))
    return !/^\?xml-stylesheet\s/i.test(data) || stylesheetType(data) === "text/css";
  return topLevel && /^!DOCTYPE [^\s[>"']+$/.test(data);
}

function cleanAttributes(el: Element, xmlMode: boolean): void {
  for (const key of Object.keys(el.attribs)) {
    if (xmlMode) el.attribs[key] = fixedReferences(el.attribs[key]!);
    const name = key.toLowerCase();
    const local = localName(name);
    if (
      local.startsWith("on") ||
      local === "srcdoc" ||
      ((URL_ATTRIBUTES.has(name) || URL_ATTRIBUTES.has(local)) && scriptingUrl(el.attribs[key]!))
    )
      delete el.attribs[key];
  }
}

function clean(nodes: AnyNode[], xmlMode: boolean, topLevel: boolean): void {
  for (const node of [...nodes]) {
    if (isDirective(node)) {
      // htmlparser2 keeps `<?xml …?>` without its closing `?`, and the serialiser adds none back.
      if (node.data.startsWith("?") && !node.data.endsWith("?")) node.data += "?";
      if (xmlMode && !keptDirective(node.data, topLevel)) DomUtils.removeElement(node);
      continue;
    }
    // Text inside CDATA is never expanded, so it is not looked at (it is not a tag's child).
    if (xmlMode && isText(node)) node.data = fixedReferences(node.data);
    if (!isTag(node)) continue;
    if (removed(node)) {
      DomUtils.removeElement(node);
      continue;
    }
    cleanAttributes(node, xmlMode);
    clean(node.children, xmlMode, false);
  }
}

/** Where `token` ends, searching from `from`; the end of the text when it never comes. */
function after(text: string, token: string, from: number): number {
  const at = text.indexOf(token, from);
  return at < 0 ? text.length : at + token.length;
}

/** Where the DOCTYPE whose keyword ends at `from` ends: past its `>`, skipping what is quoted. */
function doctypeEnd(text: string, from: number): number {
  let inSubset = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = after(text, c, i + 1) - 1;
    else if (inSubset && text.startsWith("<!--", i)) i = after(text, "-->", i + 4) - 1;
    else if (inSubset && text.startsWith("<?", i)) i = after(text, "?>", i + 2) - 1;
    else if (c === "[") inSubset = true;
    else if (c === "]") inSubset = false;
    else if (c === ">" && !inSubset) return i + 1;
  }
  return text.length;
}

const PROLOG_SPACE = /[\s\uFEFF]*/y;

/**
 * The XML text with the DOCTYPE in its prolog reduced to `<!DOCTYPE name>`: its internal subset
 * declares entities and attribute defaults (htmlparser2 does not even read it as one piece), and
 * its external identifier names a DTD that is no longer needed once every reference is fixed.
 * A second DOCTYPE, or one without a name, goes altogether.
 */
function plainDoctype(text: string): string {
  let at = 0;
  let named = false;
  for (;;) {
    PROLOG_SPACE.lastIndex = at;
    PROLOG_SPACE.exec(text);
    at = PROLOG_SPACE.lastIndex;
    if (text.startsWith("<?", at)) at = after(text, "?>", at + 2);
    else if (text.startsWith("<!--", at)) at = after(text, "-->", at + 4);
    else if (text.slice(at, at + 9).toUpperCase() === "<!DOCTYPE") {
      const end = doctypeEnd(text, at + 9);
      const name = /^\s+([A-Za-z_][\w.:-]*)(?=[\s[>]|$)/.exec(text.slice(at + 9, end))?.[1];
      const plain: string = name && !named ? `<!DOCTYPE ${name}>` : "";
      named ||= plain !== "";
      text = text.slice(0, at) + plain + text.slice(end);
      at += plain.length;
    } else return text;
  }
}

/** Media types whose documents are markup a browser could run code from. */
export function isMarkup(type: string): boolean {
  return (
    type === "text/html" ||
    type === "application/xhtml+xml" ||
    type === "image/svg+xml" ||
    type.endsWith("+xml") ||
    type === "application/xml" ||
    type === "text/xml"
  );
}

const encoder = new TextEncoder();

/** EPUB markup is UTF-8 or, with a byte-order mark, UTF-16. */
function decodeText(bytes: Uint8Array): string {
  const label =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8";
  return new TextDecoder(label).decode(bytes);
}

/**
 * The document without scripts, event-handler attributes, `javascript:` URLs, frames, objects,
 * embeds, `<base>` or a refreshing `<meta>`. XML (XHTML, SVG) stays XML, but without DTDs,
 * entity declarations or XSLT: XML's five entities and numeric references are kept as written,
 * HTML's named ones (an EPUB 2 file's `&nbsp;`) become numeric, and other names are dropped.
 * HTML is left to the browser's HTML parser, which knows no entities but HTML's.
 */
export function cleanMarkup(bytes: Uint8Array, type: string): Uint8Array {
  const xmlMode = type !== "text/html";
  const text = decodeText(bytes);
  const document = parseDocument(xmlMode ? plainDoctype(text) : text, {
    xmlMode,
    decodeEntities: false,
  });
  clean(document.children, xmlMode, true);
  return encoder.encode(render(document, { xmlMode, encodeEntities: false }));
}
