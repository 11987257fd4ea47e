// OPDS 2.0 (JSON, over the Readium Web Publication Manifest): the pages of feeds.ts written out.
// Links are relative to the shop's address, as the request came to it; clients resolve them
// against the feed's own address.
import {
  bookSummary,
  withQuery,
  type Entry,
  type NavigationItem,
  type Page,
  type Paging,
} from "./feeds";

export const OPDS2_ROOT = "/opds/2.0";
export const OPDS2_FEED = "application/opds+json";
export const OPDS2_PUBLICATION = "application/opds-publication+json";
export const OPDS2_AUTHENTICATION = "application/opds-authentication+json";
const WEBPUB = "application/webpub+json";
const EPUB = "application/epub+zip";

/** How an acquisition stands: price, what it leads to, availability, copies, the queue. */
export interface AcquisitionProperties {
  price?: { currency: string; value: number };
  indirectAcquisition?: { type: string }[];
  availability?: { state: string; since?: string; until?: string };
  copies?: { total: number; available: number };
  holds?: { position: number };
}

export interface Opds2Link {
  href: string;
  type?: string;
  rel?: string;
  title?: string;
  templated?: boolean;
  properties?: AcquisitionProperties;
}

export interface Opds2Publication {
  metadata: {
    "@type": string;
    identifier: string;
    title: string;
    author: { name: string };
    language: string;
    description: string;
    subject: { name: string; code: string; links: Opds2Link[] }[];
  };
  links: Opds2Link[];
  images: { href: string; rel: string }[];
}

export interface Opds2Feed {
  metadata: { title: string; itemsPerPage?: number; currentPage?: number; numberOfItems?: number };
  links: Opds2Link[];
  navigation?: Opds2Link[];
  publications?: Opds2Publication[];
}

type Link = Opds2Link;

function pageLinks(page: Page): Link[] {
  const self = `${OPDS2_ROOT}${page.path}`;
  const links: Link[] = [
    {
      rel: "self",
      href: page.paging ? withQuery(self, { ...page.paging.query, page: page.paging.page }) : self,
      type: OPDS2_FEED,
    },
    { rel: "start", href: OPDS2_ROOT, type: OPDS2_FEED, title: "Folio" },
    {
      rel: "search",
      href: `${OPDS2_ROOT}/search{?query}`,
      type: OPDS2_FEED,
      templated: true,
      title: "Search the catalogue",
    },
    {
      rel: "http://opds-spec.org/shelf",
      href: `${OPDS2_ROOT}/shelf`,
      type: OPDS2_FEED,
      title: "My loans",
    },
    {
      rel: "http://opds-spec.org/auth/document",
      href: `${OPDS2_ROOT}/authentication`,
      type: OPDS2_AUTHENTICATION,
    },
  ];
  if (page.paging) links.push(...pagingLinks(self, page.paging));
  return links;
}

function pagingLinks(self: string, paging: Paging): Link[] {
  const at = (page: number) => withQuery(self, { ...paging.query, page });
  const links: Link[] = [{ rel: "first", href: at(1), type: OPDS2_FEED }];
  if (paging.page > 1) links.push({ rel: "previous", href: at(paging.page - 1), type: OPDS2_FEED });
  if (paging.hasMore) links.push({ rel: "next", href: at(paging.page + 1), type: OPDS2_FEED });
  return links;
}

const navigationLink = (item: NavigationItem): Link => ({
  href: `${OPDS2_ROOT}${item.path}`,
  title: item.title,
  type: OPDS2_FEED,
  ...(item.rel === "popular"
    ? { rel: "http://opds-spec.org/sort/popular" }
    : item.rel === "new"
      ? { rel: "http://opds-spec.org/sort/new" }
      : item.rel === "shelf"
        ? { rel: "http://opds-spec.org/shelf" }
        : {}),
});

/** How the book's acquisition stands, in OPDS 2's availability and copies. */
function acquisitionProperties(entry: Entry): AcquisitionProperties {
  const { book, standing } = entry;
  const copies = { total: book.totalCopies, available: book.availableCopies };
  const price = { currency: "GBP", value: book.price };
  const indirectAcquisition = [{ type: EPUB }];
  switch (standing.kind) {
    case "available":
      return { price, indirectAcquisition, availability: { state: "available" }, copies };
    case "unavailable":
      return { price, indirectAcquisition, availability: { state: "unavailable" }, copies };
    case "hold":
      return {
        price,
        indirectAcquisition,
        availability:
          standing.status === "ready"
            ? { state: "ready", ...(standing.readyUntil ? { until: standing.readyUntil } : {}) }
            : { state: "reserved", since: standing.placedAt },
        copies,
        ...(standing.position !== null ? { holds: { position: standing.position } } : {}),
      };
    case "loan":
      return { availability: { state: "ready", until: standing.dueAt } };
    case "overdue":
      return {
        price,
        indirectAcquisition,
        availability: { state: "unavailable", since: standing.dueAt },
      };
  }
}

/** What following the borrow link does, as a link's title says it. */
export const borrowTitle = (standing: Entry["standing"]) =>
  standing.kind === "unavailable"
    ? "Place a hold"
    : standing.kind === "overdue"
      ? "Overdue: renew or return it in the shop"
      : "Borrow";

export function publication(entry: Entry): Opds2Publication {
  const { book, standing } = entry;
  const self = `${OPDS2_ROOT}/books/${book.bookId}`;
  const links: Link[] = [{ rel: "self", href: self, type: OPDS2_PUBLICATION }];
  if (standing.kind === "loan") {
    links.push(
      {
        rel: "http://opds-spec.org/acquisition",
        href: standing.epubUrl,
        type: EPUB,
        title: "Download the EPUB",
        properties: acquisitionProperties(entry),
      },
      {
        rel: "http://opds-spec.org/acquisition",
        href: standing.manifestUrl,
        type: WEBPUB,
        title: "Read online",
        properties: acquisitionProperties(entry),
      },
    );
  } else {
    links.push({
      rel: "http://opds-spec.org/acquisition/borrow",
      href: `${self}/borrow`,
      type: OPDS2_PUBLICATION,
      title: borrowTitle(standing),
      properties: acquisitionProperties(entry),
    });
  }
  return {
    metadata: {
      "@type": "http://schema.org/Book",
      identifier: `urn:folio:book:${book.bookId}`,
      title: book.title,
      author: { name: book.author },
      language: book.language || "en",
      description: bookSummary(book),
      subject: [
        {
          name: book.category,
          code: String(book.categoryId),
          links: [{ href: `${OPDS2_ROOT}/categories/${book.categoryId}`, type: OPDS2_FEED }],
        },
      ],
    },
    links,
    images: [{ href: book.coverUrl, rel: "cover" }],
  };
}

export function feed(page: Page): Opds2Feed {
  const metadata: Opds2Feed["metadata"] = { title: page.title };
  if (page.paging) {
    metadata.itemsPerPage = page.paging.pageSize;
    metadata.currentPage = page.paging.page;
    if (page.paging.total !== undefined) metadata.numberOfItems = page.paging.total;
  }
  const body: Opds2Feed = { metadata, links: pageLinks(page) };
  if (page.kind === "navigation") body.navigation = page.navigation.map(navigationLink);
  // OPDS 2.0 has no empty feed: one with no book leads somewhere instead, saying why.
  else if (page.entries.length === 0) body.navigation = [navigationLink(page.empty)];
  else body.publications = page.entries.map(publication);
  return body;
}

/** A single publication, as a borrow link and a publication's own link answer it. */
export function publicationDocument(entry: Entry): Opds2Publication {
  return publication(entry);
}
