// OPDS 1.2 (Atom): the pages of feeds.ts written out, and the OpenSearch description that tells
// an app how to search. Text is escaped where it is written; nothing else builds XML.
import { LOAN_DAYS } from "@folio/contract/constants";
import {
  bookSummary,
  withQuery,
  type Entry,
  type NavigationItem,
  type Page,
  type Paging,
} from "./feeds";
import { borrowTitle } from "./json";

export const OPDS1_ROOT = "/opds/1.2";
export const ACQUISITION_FEED = "application/atom+xml;profile=opds-catalog;kind=acquisition";
export const NAVIGATION_FEED = "application/atom+xml;profile=opds-catalog;kind=navigation";
export const ENTRY = "application/atom+xml;type=entry;profile=opds-catalog";
export const OPENSEARCH = "application/opensearchdescription+xml";
const EPUB = "application/epub+zip";
const WEBPUB = "application/webpub+json";

/**
 * Availability, copies and a hold's place, as the OPDS drafts and Palace write them
 * (availability/copies/holds with the same attributes) but in our own namespace: OPDS 1.2's
 * grammar allows only price and indirectAcquisition from its own inside a link, and any other
 * namespace's elements.
 */
export const FOLIO_NS = "urn:folio:opds:1";

const NAMESPACES = [
  'xmlns="http://www.w3.org/2005/Atom"',
  'xmlns:dc="http://purl.org/dc/terms/"',
  'xmlns:opds="http://opds-spec.org/2010/catalog"',
  'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"',
  `xmlns:folio="${FOLIO_NS}"`,
].join(" ");

/** Text and attribute values, escaped; characters XML 1.0 cannot hold at all are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const attributes = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value!)}"`)
    .join("");

const link = (values: Record<string, string | undefined>, inner = "") =>
  inner ? `<link${attributes(values)}>${inner}</link>` : `<link${attributes(values)}/>`;

const element = (name: string, text: string, values: Record<string, string | undefined> = {}) =>
  `<${name}${attributes(values)}>${escapeXml(text)}</${name}>`;

const feedType = (kind: Page["kind"]) =>
  kind === "navigation" ? NAVIGATION_FEED : ACQUISITION_FEED;

function pagingLinks(self: string, paging: Paging): string[] {
  const at = (page: number) => withQuery(self, { ...paging.query, page });
  const links = [link({ rel: "first", href: at(1), type: ACQUISITION_FEED })];
  if (paging.page > 1)
    links.push(link({ rel: "previous", href: at(paging.page - 1), type: ACQUISITION_FEED }));
  if (paging.hasMore)
    links.push(link({ rel: "next", href: at(paging.page + 1), type: ACQUISITION_FEED }));
  return links;
}

const navigationRel = (item: NavigationItem) =>
  item.rel === "popular"
    ? "http://opds-spec.org/sort/popular"
    : item.rel === "new"
      ? "http://opds-spec.org/sort/new"
      : item.rel === "shelf"
        ? "http://opds-spec.org/shelf"
        : "subsection";

function navigationEntry(item: NavigationItem, updated: string): string {
  return [
    "<entry>",
    element("title", item.title),
    element("id", `urn:folio:opds${item.path.replace(/\//g, ":")}`),
    element("updated", updated),
    element("content", item.summary ?? item.title, { type: "text" }),
    link({
      rel: navigationRel(item),
      href: `${OPDS1_ROOT}${item.path}`,
      type: feedType(item.kind),
      title: item.title,
    }),
    "</entry>",
  ].join("");
}

/** Price, the EPUB behind the borrow, and how the book stands, inside an acquisition link. */
function acquisitionDetails(entry: Entry): string {
  const { book } = entry;
  const parts = [
    element("opds:price", book.price.toFixed(2), { currencycode: "GBP" }),
    `<opds:indirectAcquisition type="${EPUB}"/>`,
  ];
  return parts.join("") + availability(entry);
}

function availability({ book, standing }: Entry): string {
  const copies = `<folio:copies${attributes({ total: String(book.totalCopies), available: String(book.availableCopies) })}/>`;
  switch (standing.kind) {
    case "available":
      return `<folio:availability status="available"/>${copies}`;
    case "unavailable":
      return `<folio:availability status="unavailable"/>${copies}`;
    case "hold":
      return (
        (standing.status === "ready"
          ? `<folio:availability${attributes({ status: "ready", until: standing.readyUntil ?? undefined })}/>`
          : `<folio:availability${attributes({ status: "reserved", since: standing.placedAt })}/>`) +
        (standing.position !== null
          ? `<folio:holds${attributes({ position: String(standing.position) })}/>`
          : "") +
        copies
      );
    case "loan":
      return `<folio:availability${attributes({ status: "ready", until: standing.dueAt })}/>`;
    case "overdue":
      return `<folio:availability${attributes({ status: "unavailable", since: standing.dueAt })}/>`;
  }
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });

/** Where the book stands, in a sentence for apps that show an entry's text and no more. */
export function standingText({ book, standing }: Entry): string {
  const price = `£${book.price.toFixed(2)}`;
  switch (standing.kind) {
    case "available":
      return `${book.availableCopies} of ${book.totalCopies} copies free. Borrow it for ${LOAN_DAYS} days for ${price}.`;
    case "unavailable":
      return `No copy is free just now (${book.totalCopies} in all). Borrowing places a hold; it costs ${price} when you borrow.`;
    case "hold":
      return standing.status === "ready"
        ? `A copy is kept for you${standing.readyUntil ? ` until ${day(standing.readyUntil)}` : ""}. Borrow it for ${price}.`
        : `You are on hold${standing.position !== null ? `, number ${standing.position} in the queue` : ""}.`;
    case "loan":
      return `Borrowed by you: due back on ${day(standing.dueAt)}.`;
    case "overdue":
      return `Overdue since ${day(standing.dueAt)}: renew it in the shop to read it again, or return it.`;
  }
}

export function bookEntry(entry: Entry, updated: string): string {
  const { book, standing } = entry;
  const self = `${OPDS1_ROOT}/books/${book.bookId}`;
  const acquisitions =
    standing.kind === "loan"
      ? [
          link(
            {
              rel: "http://opds-spec.org/acquisition",
              href: standing.epubUrl,
              type: EPUB,
              title: "Download the EPUB",
            },
            availability(entry),
          ),
          link(
            {
              rel: "http://opds-spec.org/acquisition",
              href: standing.manifestUrl,
              type: WEBPUB,
              title: "Read online",
            },
            availability(entry),
          ),
        ]
      : [
          link(
            {
              rel: "http://opds-spec.org/acquisition/borrow",
              href: `${self}/borrow`,
              type: ENTRY,
              title: borrowTitle(standing),
            },
            acquisitionDetails(entry),
          ),
        ];
  return [
    "<entry>",
    element("title", book.title),
    element("id", `urn:folio:book:${book.bookId}`),
    element("updated", updated),
    `<author>${element("name", book.author)}</author>`,
    book.language ? element("dc:language", book.language) : "",
    book.year !== null ? element("dc:issued", String(book.year)) : "",
    `<category${attributes({ term: String(book.categoryId), label: book.category, scheme: `${OPDS1_ROOT}/categories` })}/>`,
    element("summary", bookSummary(book), { type: "text" }),
    element("content", standingText(entry), { type: "text" }),
    link({ rel: "http://opds-spec.org/image", href: book.coverUrl }),
    link({ rel: "http://opds-spec.org/image/thumbnail", href: book.coverUrl }),
    link({ rel: "alternate", href: self, type: ENTRY, title: book.title }),
    ...acquisitions,
    "</entry>",
  ].join("");
}

export function feed(page: Page, updated: string): string {
  const self = `${OPDS1_ROOT}${page.path}`;
  const selfHref = page.paging
    ? withQuery(self, { ...page.paging.query, page: page.paging.page })
    : self;
  const head = [
    element("id", `urn:folio:opds:${page.id}`),
    element("title", page.title),
    element("updated", updated),
    `<author>${element("name", "Folio")}<uri>${escapeXml(OPDS1_ROOT)}</uri></author>`,
    link({ rel: "self", href: selfHref, type: feedType(page.kind) }),
    link({ rel: "start", href: OPDS1_ROOT, type: NAVIGATION_FEED, title: "Folio" }),
    link({ rel: "up", href: OPDS1_ROOT, type: NAVIGATION_FEED }),
    link({
      rel: "search",
      href: `${OPDS1_ROOT}/opensearch.xml`,
      type: OPENSEARCH,
      title: "Search the catalogue",
    }),
    link({
      rel: "http://opds-spec.org/shelf",
      href: `${OPDS1_ROOT}/shelf`,
      type: ACQUISITION_FEED,
      title: "My loans",
    }),
    ...(page.paging ? pagingLinks(self, page.paging) : []),
    page.paging?.total !== undefined
      ? element("opensearch:totalResults", String(page.paging.total))
      : "",
    page.paging ? element("opensearch:itemsPerPage", String(page.paging.pageSize)) : "",
    page.paging
      ? element("opensearch:startIndex", String((page.paging.page - 1) * page.paging.pageSize + 1))
      : "",
  ];
  const entries =
    page.kind === "navigation"
      ? page.navigation.map((item) => navigationEntry(item, updated))
      : page.entries.map((entry) => bookEntry(entry, updated));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed ${NAMESPACES}>${head.join("")}${entries.join("")}</feed>\n`;
}

/** One book as a complete entry document: what a borrow and a book's own link answer. */
export function entryDocument(entry: Entry, updated: string): string {
  const body = bookEntry(entry, updated).replace(/^<entry>/, `<entry ${NAMESPACES}>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}

/** The OpenSearch description: where an app sends a search, as an absolute template. */
export function openSearchDescription(origin: string): string {
  const template = `${origin}${OPDS1_ROOT}/search?q={searchTerms}&page={startPage?}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    element("ShortName", "Folio"),
    element("Description", "Search the Folio catalogue by title or author."),
    element("InputEncoding", "UTF-8"),
    element("OutputEncoding", "UTF-8"),
    `<Url${attributes({ type: ACQUISITION_FEED, template })}/>`,
    "</OpenSearchDescription>",
    "",
  ].join("\n");
}
