import render from "dom-serializer";
import { isDirective, isTag, type AnyNode, type Element } from "domhandler";
import { decodeHTML } from "entities";
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

function cleanAttributes(el: Element): void {
  for (const key of Object.keys(el.attribs)) {
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

function clean(nodes: AnyNode[]): void {
  for (const node of [...nodes]) {
    // htmlparser2 keeps `<?xml …?>` without its closing `?`, and the serialiser adds none back.
    if (isDirective(node) && node.data.startsWith("?") && !node.data.endsWith("?"))
      node.data += "?";
    if (!isTag(node)) continue;
    if (removed(node)) {
      DomUtils.removeElement(node);
      continue;
    }
    cleanAttributes(node);
    clean(node.children);
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
 * embeds, `<base>` or a refreshing `<meta>`. XML (XHTML, SVG) stays XML: entities are passed
 * through as written, so an EPUB 2 file's `&nbsp;` still means what its DTD says.
 */
export function cleanMarkup(bytes: Uint8Array, type: string): Uint8Array {
  const xmlMode = type !== "text/html";
  const document = parseDocument(decodeText(bytes), { xmlMode, decodeEntities: false });
  clean(document.children);
  return encoder.encode(render(document, { xmlMode, encodeEntities: false }));
}
