import { describe, expect, it } from "vitest";
import {
  parseOpds1,
  parseOpds1Entry,
  parseOpds2,
  parseOpds2Publication,
  parseOpdsAuthentication,
} from "./client";
import {
  ACQUISITION,
  BORROW,
  EPUB,
  opds1AcquisitionFeed,
  opds1EntryDocument,
  opds1NavigationFeed,
  opds2AcquisitionFeed,
  opds2AuthenticationDocument,
  opds2NavigationFeed,
  opds2Publication,
} from "./samples";
import { validateOpds1, validateOpds2 } from "./validate";

// Broken variants are made from a deep copy, so no test changes the shared samples.
const broken = <T>(sample: T, breakIt: (copy: T) => void): T => {
  const copy = structuredClone(sample);
  breakIt(copy);
  return copy;
};

describe("the OPDS 2.0 validator", () => {
  it("accepts the sample feeds, publication and authentication document", () => {
    expect(validateOpds2(opds2NavigationFeed, "feed")).toEqual([]);
    expect(validateOpds2(opds2AcquisitionFeed, "feed")).toEqual([]);
    expect(validateOpds2(opds2Publication, "publication")).toEqual([]);
    expect(validateOpds2(opds2AuthenticationDocument, "authentication")).toEqual([]);
  });

  it("rejects a feed without a title", () => {
    const feed = broken(opds2NavigationFeed, (f) => {
      delete (f.metadata as { title?: string }).title;
    });
    expect(validateOpds2(feed, "feed")).toContain("/metadata must have required property 'title'");
  });

  it("rejects a navigation link without a title", () => {
    const feed = broken(opds2NavigationFeed, (f) => {
      delete (f.navigation[1] as { title?: string }).title;
    });
    expect(validateOpds2(feed, "feed")).toContain(
      "/navigation/1 must have required property 'title'",
    );
  });

  it("rejects a feed without a self link", () => {
    const feed = broken(opds2NavigationFeed, (f) => {
      f.links = f.links.filter((link) => link.rel !== "self");
    });
    expect(validateOpds2(feed, "feed")).toContain("/links must contain at least 1 valid item(s)");
  });

  it("rejects a feed whose page of publications is empty", () => {
    const feed = broken(opds2AcquisitionFeed, (f) => {
      f.publications = [];
    });
    expect(validateOpds2(feed, "feed")).toContain("/publications must NOT have fewer than 1 items");
  });

  it("rejects a publication whose acquisition link has a relation that is not one", () => {
    const publication = broken(opds2Publication, (p) => {
      p.links[1]!.rel = "borrow";
    });
    const errors = validateOpds2(publication, "publication");
    expect(errors).toContain("/links must contain at least 1 valid item(s)");
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/links must contain an acquisition link/),
    );
  });

  it("rejects a publication with no acquisition link where the schema alone would not", () => {
    const publication = broken(opds2Publication, (p) => {
      delete (p.links[1] as { rel?: string }).rel;
    });
    expect(validateOpds2(publication, "publication")).toEqual([
      expect.stringMatching(
        /^\/links must contain an acquisition link \(rel .*acquisition\/borrow/,
      ),
    ]);
    const feed = broken(opds2AcquisitionFeed, (f) => {
      f.publications[0]!.links.splice(1);
    });
    expect(validateOpds2(feed, "feed")).toContainEqual(
      expect.stringMatching(/^\/publications\/0\/links must contain an acquisition link/),
    );
  });

  it("rejects a price in a currency that is not an ISO 4217 code", () => {
    const publication = broken(opds2Publication, (p) => {
      p.links[1]!.properties!.price.currency = "£";
    });
    expect(validateOpds2(publication, "publication")).toContain(
      "/links/1/properties/price/currency must be equal to one of the allowed values",
    );
  });

  it("rejects an indirect acquisition without a media type", () => {
    const publication = broken(opds2Publication, (p) => {
      p.links[1]!.properties!.indirectAcquisition = [{} as { type: string }];
    });
    expect(validateOpds2(publication, "publication")).toContain(
      "/links/1/properties/indirectAcquisition/0 must have required property 'type'",
    );
  });

  it("rejects a bare year as a publication date", () => {
    const publication = broken(opds2Publication, (p) => {
      p.metadata.published = "1851";
    });
    expect(validateOpds2(publication, "publication")).toContain(
      '/metadata/published must match format "date"',
    );
  });

  it("rejects an authentication document without an id, or with a type that is not a URI", () => {
    const document = broken(opds2AuthenticationDocument, (d) => {
      delete (d as { id?: string }).id;
      d.authentication[0]!.type = "basic";
    });
    const errors = validateOpds2(document, "authentication");
    expect(errors).toContain("/ must have required property 'id'");
    expect(errors).toContain('/authentication/0/type must match format "uri"');
  });
});

describe("the OPDS 1.2 validator", () => {
  it("accepts the sample navigation feed, acquisition feed and entry document", async () => {
    // Their URIs hold r and t, which the published atomUri pattern would reject.
    expect(await validateOpds1(opds1NavigationFeed)).toEqual([]);
    expect(await validateOpds1(opds1AcquisitionFeed)).toEqual([]);
    expect(await validateOpds1(opds1EntryDocument)).toEqual([]);
  });

  it("still rejects a URI with a space in it", async () => {
    const feed = opds1NavigationFeed.replace(
      'href="/opds/1.2/new"',
      'href="/opds/1.2/new arrivals"',
    );
    expect(await validateOpds1(feed)).toEqual([
      expect.stringMatching(/^\d+:\d+: value of attribute "href" is invalid/),
    ]);
  });

  it("rejects an entry without a title", async () => {
    const feed = opds1AcquisitionFeed.replace("<title>Moby-Dick</title>", "");
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('element "entry" incomplete; missing required element "title"'),
    );
  });

  it("requires a price on a buy link", async () => {
    const feed = opds1AcquisitionFeed
      .replace(BORROW, "http://opds-spec.org/acquisition/buy")
      .replace(/<opds:price[^>]*>[^<]*<\/opds:price>/, "");
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('missing required element "opds:price"'),
    );
  });

  it("forbids a price on a plain acquisition link", async () => {
    const feed = opds1AcquisitionFeed.replace(BORROW, ACQUISITION);
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('element "opds:price" not allowed here'),
    );
  });

  it("rejects a price written with its currency symbol", async () => {
    const feed = opds1AcquisitionFeed.replace(">2.99<", ">£2.99<");
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('character content of element "opds:price" invalid'),
    );
  });

  it("rejects an HTML summary", async () => {
    const feed = opds1AcquisitionFeed.replace(
      '<summary type="text">A boy',
      '<summary type="html">A boy',
    );
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('value of attribute "type" is invalid; must be equal to "text"'),
    );
  });

  it("rejects OPDS elements inside a link that OPDS 1.2 does not define", async () => {
    const feed = opds1AcquisitionFeed.replace(
      "<opds:indirectAcquisition",
      '<opds:availability status="available"/><opds:indirectAcquisition',
    );
    expect(await validateOpds1(feed)).toContainEqual(
      expect.stringContaining('element "opds:availability" not allowed here'),
    );
  });

  it("checks the Atom rules the schema states in Schematron", async () => {
    const feed = opds1AcquisitionFeed
      .replace("<author><name>Folio</name><uri>/opds/1.2</uri></author>", "")
      .replace("<author><name>Robert Louis Stevenson</name></author>", "")
      .replace(/<link rel="alternate" href="\/opds\/1\.2\/books\/0b6f[^>]*\/>/, "");
    expect(await validateOpds1(feed)).toEqual([
      "2:1: An atom:feed must have an atom:author unless all of its atom:entry children have an atom:author.",
      expect.stringMatching(
        /^\d+:\d+: An atom:entry must have at least one atom:link element with a rel attribute of 'alternate' or an atom:content\.$/,
      ),
      expect.stringMatching(
        /^\d+:\d+: An atom:entry must have an atom:author if its feed does not\.$/,
      ),
    ]);
  });
});

describe("Readium's OPDS parser (r2-opds-js, as Thorium Reader uses it)", () => {
  it("reads the OPDS 2.0 navigation feed", () => {
    const feed = parseOpds2(opds2NavigationFeed);
    expect(feed.Metadata.Title).toBe("Folio");
    expect(feed.findFirstLinkByRel("self")?.Href).toBe("/opds/2.0");
    expect(feed.findFirstLinkByRel("search")?.Templated).toBe(true);
    expect(feed.Navigation.map((link) => [link.Title, link.Href])).toEqual([
      ["New arrivals", "/opds/2.0/new"],
      ["Most borrowed", "/opds/2.0/popular"],
      ["Adventure", "/opds/2.0/categories/3"],
    ]);
  });

  it("reads the OPDS 2.0 acquisition feed: books, authors, the borrow link and its price", () => {
    const feed = parseOpds2(opds2AcquisitionFeed);
    expect(feed.Metadata.Title).toBe("Adventure");
    expect(feed.Metadata.NumberOfItems).toBe(2);
    const [moby, treasure] = feed.Publications;
    expect(moby?.Metadata.Title).toBe("Moby-Dick");
    expect(moby?.Metadata.Author.map((author) => author.Name)).toEqual(["Herman Melville"]);
    const borrow = moby?.findFirstLinkByRel(BORROW);
    expect(borrow?.Href).toBe("/opds/2.0/books/6409a00b-7bf2-405e-826c-3fdff0fd0734/borrow");
    expect(borrow?.Properties.Price).toMatchObject({ Value: 2.99, Currency: "GBP" });
    expect(borrow?.Properties.IndirectAcquisitions.map((a) => a.TypeAcquisition)).toEqual([EPUB]);
    expect(borrow?.Properties.Availability.State).toBe("available");
    expect(treasure?.Metadata.Title).toBe("Treasure Island");
    expect(treasure?.findFirstLinkByRel(ACQUISITION)?.TypeLink).toBe(EPUB);
    expect(moby?.Images.map((image) => image.TypeLink)).toEqual(["image/jpeg"]);
  });

  it("reads an OPDS 2.0 publication document", () => {
    const publication = parseOpds2Publication(opds2Publication);
    expect(publication.Metadata.Title).toBe("Moby-Dick");
    expect(publication.findFirstLinkByRel(BORROW)?.Properties.Price.Value).toBe(2.99);
  });

  it("reads the authentication document", () => {
    const document = parseOpdsAuthentication(opds2AuthenticationDocument);
    expect(document.Id).toBe("https://folio.example/opds/2.0/authentication");
    expect(document.Authentication.map((a) => [a.Type, a.Labels.Login, a.Labels.Password])).toEqual(
      [["http://opds-spec.org/auth/basic", "Email address", "App password"]],
    );
  });

  it("reads the OPDS 1.2 navigation feed into navigation links", () => {
    const { opds2 } = parseOpds1(opds1NavigationFeed);
    expect(opds2.Metadata.Title).toBe("Folio");
    expect(opds2.Navigation.map((link) => [link.Title, link.Href])).toEqual([
      ["New arrivals", "/opds/1.2/new"],
      ["Adventure", "/opds/1.2/categories/3"],
    ]);
    expect(opds2.findFirstLinkByRel("http://opds-spec.org/shelf")?.Href).toBe("/opds/1.2/shelf");
  });

  it("reads the OPDS 1.2 acquisition feed into publications with a priced borrow link", () => {
    const { opds1, opds2 } = parseOpds1(opds1AcquisitionFeed);
    expect(opds1.Entries.map((entry) => entry.Title)).toEqual(["Moby-Dick", "Treasure Island"]);
    const borrow = opds2.Publications[0]?.findFirstLinkByRel(BORROW);
    expect(borrow?.Href).toBe("/opds/1.2/books/6409a00b-7bf2-405e-826c-3fdff0fd0734/borrow");
    expect(borrow?.Properties.Price).toMatchObject({ Value: 2.99, Currency: "GBP" });
    expect(borrow?.Properties.IndirectAcquisitions.map((a) => a.TypeAcquisition)).toEqual([EPUB]);
    expect(opds2.Publications[0]?.Metadata.Author.map((author) => author.Name)).toEqual([
      "Herman Melville",
    ]);
    const download = opds2.Publications[1]?.findFirstLinkByRel(ACQUISITION);
    expect(download?.Href).toBe("/api/loans/8c1f0f5e-1f57-4a37-9b55-2f5bfa1e8c40/epub");
  });

  it("reads an OPDS 1.2 entry document", () => {
    const { entry, publication } = parseOpds1Entry(opds1EntryDocument);
    expect(entry.Title).toBe("Moby-Dick");
    expect(publication.findFirstLinkByRel(BORROW)?.Properties.Price.Value).toBe(2.99);
  });
});
