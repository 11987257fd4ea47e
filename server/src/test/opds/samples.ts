// Hand-written OPDS documents that the published schemas accept and a real client parses
// (validate.test.ts proves both): the shapes a Folio feed can copy. Hrefs are relative, as
// OPDS allows; clients resolve them against the document's own address.

export const OPDS2_FEED = "application/opds+json";
export const OPDS2_PUBLICATION = "application/opds-publication+json";
export const OPDS2_AUTHENTICATION = "application/opds-authentication+json";
export const ACQUISITION_FEED = "application/atom+xml;profile=opds-catalog;kind=acquisition";
export const NAVIGATION_FEED = "application/atom+xml;profile=opds-catalog;kind=navigation";
export const ATOM_ENTRY = "application/atom+xml;type=entry;profile=opds-catalog";
export const EPUB = "application/epub+zip";

export const BORROW = "http://opds-spec.org/acquisition/borrow";
export const ACQUISITION = "http://opds-spec.org/acquisition";

// Every feed must carry a `self` link; the schema checks it.
const opds2FeedLinks = (self: string) => [
  { rel: "self", href: self, type: OPDS2_FEED },
  { rel: "start", href: "/opds/2.0", type: OPDS2_FEED, title: "Folio" },
  {
    rel: "search",
    href: "/opds/2.0/search{?query}",
    type: OPDS2_FEED,
    templated: true,
    title: "Search the catalogue",
  },
  {
    rel: "http://opds-spec.org/shelf",
    href: "/opds/2.0/shelf",
    type: OPDS2_FEED,
    title: "My loans",
  },
  {
    rel: "http://opds-spec.org/auth/document",
    href: "/opds/2.0/authentication",
    type: OPDS2_AUTHENTICATION,
  },
];

/** A navigation feed: every navigation link needs a title. */
export const opds2NavigationFeed = {
  metadata: { title: "Folio" },
  links: opds2FeedLinks("/opds/2.0"),
  navigation: [
    {
      rel: "http://opds-spec.org/sort/new",
      href: "/opds/2.0/new",
      type: OPDS2_FEED,
      title: "New arrivals",
    },
    {
      rel: "http://opds-spec.org/sort/popular",
      href: "/opds/2.0/popular",
      type: OPDS2_FEED,
      title: "Most borrowed",
    },
    { href: "/opds/2.0/categories/3", type: OPDS2_FEED, title: "Adventure" },
  ],
};

/**
 * A book that can be borrowed: the borrow link answers an OPDS publication (the OPDS borrowing
 * best practice), says that an EPUB comes behind it, and carries the price of the loan.
 */
export const opds2Publication = {
  metadata: {
    "@type": "http://schema.org/Book",
    identifier: "urn:uuid:6409a00b-7bf2-405e-826c-3fdff0fd0734",
    title: "Moby-Dick",
    author: { name: "Herman Melville" },
    language: "en",
    // A date or a date-time: a bare year ("1851") fails the schema's format.
    published: "1851-10-18",
    modified: "2026-01-10T10:01:11Z",
    description: "The voyage of the whaler Pequod and its captain's hunt for the white whale.",
    subject: [{ name: "Adventure", code: "3", links: [{ href: "/opds/2.0/categories/3" }] }],
  },
  links: [
    {
      rel: "self",
      href: "/opds/2.0/books/6409a00b-7bf2-405e-826c-3fdff0fd0734",
      type: OPDS2_PUBLICATION,
    },
    {
      rel: BORROW,
      href: "/opds/2.0/books/6409a00b-7bf2-405e-826c-3fdff0fd0734/borrow",
      type: OPDS2_PUBLICATION,
      title: "Borrow",
      properties: {
        price: { value: 2.99, currency: "GBP" },
        indirectAcquisition: [{ type: EPUB }],
        availability: { state: "available" },
        copies: { total: 3, available: 2 },
      },
    },
  ],
  images: [
    {
      href: "/covers/6409a00b-7bf2-405e-826c-3fdff0fd0734.jpg",
      type: "image/jpeg",
      width: 400,
      height: 600,
    },
  ],
};

/** A book the reader has on loan: plain acquisition links to what they may now fetch. */
export const opds2LoanPublication = {
  metadata: {
    "@type": "http://schema.org/Book",
    identifier: "urn:uuid:0b6f3b9e-3d0f-4a55-b1f4-6c7a3e1d2f10",
    title: "Treasure Island",
    author: { name: "Robert Louis Stevenson" },
    language: "en",
    published: "1883-11-14",
  },
  links: [
    {
      rel: "self",
      href: "/opds/2.0/books/0b6f3b9e-3d0f-4a55-b1f4-6c7a3e1d2f10",
      type: OPDS2_PUBLICATION,
    },
    {
      rel: ACQUISITION,
      href: "/api/loans/8c1f0f5e-1f57-4a37-9b55-2f5bfa1e8c40/epub",
      type: EPUB,
      title: "Download the EPUB",
      properties: { availability: { state: "ready", until: "2026-02-07T10:01:11Z" } },
    },
  ],
  images: [{ href: "/covers/0b6f3b9e-3d0f-4a55-b1f4-6c7a3e1d2f10.jpg", type: "image/jpeg" }],
};

/** An acquisition feed: one page of publications, with paging in its metadata and links. */
export const opds2AcquisitionFeed = {
  metadata: { title: "Adventure", itemsPerPage: 20, currentPage: 1, numberOfItems: 2 },
  links: [
    ...opds2FeedLinks("/opds/2.0/categories/3?page=1"),
    { rel: "first", href: "/opds/2.0/categories/3?page=1", type: OPDS2_FEED },
  ],
  publications: [opds2Publication, opds2LoanPublication],
};

/**
 * The authentication document for HTTP Basic: `id` must be an absolute URI (the schema's
 * format), so it needs the shop's public address, unlike the relative hrefs elsewhere.
 */
export const opds2AuthenticationDocument = {
  id: "https://folio.example/opds/2.0/authentication",
  title: "Folio",
  description: "Sign in with your email address and an app password from your Folio profile.",
  links: [
    { rel: "http://opds-spec.org/shelf", href: "/opds/2.0/shelf", type: OPDS2_FEED },
    { rel: "register", href: "/register", type: "text/html" },
  ],
  authentication: [
    {
      type: "http://opds-spec.org/auth/basic",
      labels: { login: "Email address", password: "App password" },
    },
  ],
};

const ATOM_NAMESPACES = [
  'xmlns="http://www.w3.org/2005/Atom"',
  'xmlns:dc="http://purl.org/dc/terms/"',
  'xmlns:opds="http://opds-spec.org/2010/catalog"',
  'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"',
].join(" ");

/** An OPDS 1.2 navigation feed: entries that each point at another feed. */
export const opds1NavigationFeed = `<?xml version="1.0" encoding="UTF-8"?>
<feed ${ATOM_NAMESPACES}>
  <id>urn:uuid:2853dacf-ed79-42f5-8e8a-a7bb3d1ae6a2</id>
  <title>Folio</title>
  <updated>2026-01-10T10:01:11Z</updated>
  <author><name>Folio</name><uri>/opds/1.2</uri></author>
  <link rel="self" href="/opds/1.2" type="${NAVIGATION_FEED}"/>
  <link rel="start" href="/opds/1.2" type="${NAVIGATION_FEED}" title="Folio"/>
  <link rel="search" href="/opds/1.2/opensearch.xml" type="application/opensearchdescription+xml" title="Search the catalogue"/>
  <link rel="http://opds-spec.org/shelf" href="/opds/1.2/shelf" type="${ACQUISITION_FEED}" title="My loans"/>
  <entry>
    <title>New arrivals</title>
    <id>urn:uuid:d49e8018-a0e0-499e-9409-3d6e4e1e3f8a</id>
    <updated>2026-01-10T10:01:11Z</updated>
    <content type="text">The books most recently added to the catalogue.</content>
    <link rel="http://opds-spec.org/sort/new" href="/opds/1.2/new" type="${ACQUISITION_FEED}" title="New arrivals"/>
  </entry>
  <entry>
    <title>Adventure</title>
    <id>urn:uuid:5f1d7c43-5a77-4c4e-9ad0-2d4bbd2d0b8e</id>
    <updated>2026-01-10T10:01:11Z</updated>
    <content type="text">Voyages, quests and narrow escapes.</content>
    <link rel="subsection" href="/opds/1.2/categories/3" type="${ACQUISITION_FEED}" title="Adventure"/>
  </entry>
</feed>
`;

/** One book as an Atom entry; with the namespaces declared on it, a complete entry document. */
const mobyDickEntry = (namespaces = "") => `  <entry${namespaces}>
    <title>Moby-Dick</title>
    <id>urn:uuid:6409a00b-7bf2-405e-826c-3fdff0fd0734</id>
    <updated>2026-01-10T10:01:11Z</updated>
    <author><name>Herman Melville</name></author>
    <dc:language>en</dc:language>
    <dc:issued>1851</dc:issued>
    <category scheme="/opds/1.2/categories" term="3" label="Adventure"/>
    <summary type="text">The voyage of the whaler Pequod and its captain's hunt for the white whale.</summary>
    <link rel="http://opds-spec.org/image" href="/covers/6409a00b-7bf2-405e-826c-3fdff0fd0734.jpg" type="image/jpeg"/>
    <link rel="http://opds-spec.org/image/thumbnail" href="/covers/6409a00b-7bf2-405e-826c-3fdff0fd0734.jpg" type="image/jpeg"/>
    <link rel="alternate" href="/opds/1.2/books/6409a00b-7bf2-405e-826c-3fdff0fd0734" type="${ATOM_ENTRY}" title="Moby-Dick"/>
    <link rel="${BORROW}" href="/opds/1.2/books/6409a00b-7bf2-405e-826c-3fdff0fd0734/borrow" type="${ATOM_ENTRY}" title="Borrow">
      <opds:price currencycode="GBP">2.99</opds:price>
      <opds:indirectAcquisition type="${EPUB}"/>
    </link>
  </entry>
`;

/**
 * An OPDS 1.2 acquisition feed. The borrow link carries the loan's price (opds:price is allowed
 * on borrow, required on buy, forbidden on a plain acquisition link) and the EPUB behind it;
 * the second entry is a loan, downloadable at once. Summaries must be plain text, and every
 * entry needs an alternate link or a content element.
 */
export const opds1AcquisitionFeed = `<?xml version="1.0" encoding="UTF-8"?>
<feed ${ATOM_NAMESPACES}>
  <id>urn:uuid:5f1d7c43-5a77-4c4e-9ad0-2d4bbd2d0b8e</id>
  <title>Adventure</title>
  <updated>2026-01-10T10:01:11Z</updated>
  <author><name>Folio</name><uri>/opds/1.2</uri></author>
  <link rel="self" href="/opds/1.2/categories/3?page=1" type="${ACQUISITION_FEED}"/>
  <link rel="start" href="/opds/1.2" type="${NAVIGATION_FEED}" title="Folio"/>
  <link rel="up" href="/opds/1.2" type="${NAVIGATION_FEED}"/>
  <link rel="first" href="/opds/1.2/categories/3?page=1" type="${ACQUISITION_FEED}"/>
  <opensearch:totalResults>2</opensearch:totalResults>
  <opensearch:itemsPerPage>20</opensearch:itemsPerPage>
  <opensearch:startIndex>1</opensearch:startIndex>
${mobyDickEntry()}  <entry>
    <title>Treasure Island</title>
    <id>urn:uuid:0b6f3b9e-3d0f-4a55-b1f4-6c7a3e1d2f10</id>
    <updated>2026-01-10T10:01:11Z</updated>
    <author><name>Robert Louis Stevenson</name></author>
    <dc:language>en</dc:language>
    <summary type="text">A boy, a map and a one-legged sea cook.</summary>
    <link rel="alternate" href="/opds/1.2/books/0b6f3b9e-3d0f-4a55-b1f4-6c7a3e1d2f10" type="${ATOM_ENTRY}" title="Treasure Island"/>
    <link rel="${ACQUISITION}" href="/api/loans/8c1f0f5e-1f57-4a37-9b55-2f5bfa1e8c40/epub" type="${EPUB}" title="Download the EPUB"/>
  </entry>
</feed>
`;

/** The book's own entry document: what its alternate link and its borrow link answer. */
export const opds1EntryDocument = `<?xml version="1.0" encoding="UTF-8"?>
${mobyDickEntry(` ${ATOM_NAMESPACES}`)}`;
