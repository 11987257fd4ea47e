// What the OPDS tests share: requests as an app sends them, and the Atom read back as a DOM.
import { DOMParser, type Element } from "@xmldom/xmldom";
import type { FastifyInstance } from "fastify";

export const ATOM = "http://www.w3.org/2005/Atom";
export const OPDS = "http://opds-spec.org/2010/catalog";

export type Credentials =
  { basic: { email: string; password: string } } | { bearer: string } | { header: string } | null;

export const basic = (email: string, password: string): Credentials => ({
  basic: { email, password },
});

function authorization(credentials: Credentials): Record<string, string> {
  if (!credentials) return {};
  if ("header" in credentials) return { authorization: credentials.header };
  if ("bearer" in credentials) return { authorization: `Bearer ${credentials.bearer}` };
  const pair = `${credentials.basic.email}:${credentials.basic.password}`;
  return { authorization: `Basic ${Buffer.from(pair).toString("base64")}` };
}

export interface AppAnswer {
  status: number;
  type: string;
  text: string;
  headers: Record<string, unknown>;
}

/** A request as an e-reader app makes it. */
export async function appRequest(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT",
  url: string,
  credentials: Credentials = null,
  headers: Record<string, string> = {},
): Promise<AppAnswer> {
  const response = await app.inject({
    method,
    url,
    headers: { "user-agent": "KOReader/2024.11 (test)", ...authorization(credentials), ...headers },
  });
  return {
    status: response.statusCode,
    type: String(response.headers["content-type"] ?? ""),
    text: response.body,
    headers: response.headers,
  };
}

/** An Atom document read into a DOM, with the few lookups the tests make. */
export function atomOf(xml: string) {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(xml, "application/xml");
  if (errors.length) throw new Error(`not well-formed XML: ${errors.join("; ")}`);
  const root = document.documentElement!;
  const children = (element: Element, name: string, ns = ATOM) =>
    Array.from(element.childNodes).filter(
      (node): node is Element =>
        node.nodeType === 1 &&
        (node as Element).localName === name &&
        (node as Element).namespaceURI === ns,
    );
  const text = (element: Element, name: string, ns = ATOM) =>
    children(element, name, ns)[0]?.textContent ?? null;
  const links = (element: Element) =>
    children(element, "link").map((link) => ({
      rel: link.getAttribute("rel"),
      href: link.getAttribute("href"),
      type: link.getAttribute("type"),
      element: link,
    }));
  return { root, children, text, links, entries: children(root, "entry") };
}
