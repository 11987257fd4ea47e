import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { readEpubMetadata } from "../book-metadata";
import { buildEpub, type EpubBook } from "../epub";
import { EpubArchive, EpubRejected } from "../epub-archive";
import { listingOf, packageFileOf, parsePackage, readPackage } from "./package-document";

const book: EpubBook = {
  identifier: "urn:test:package",
  title: "The Packaged Voyage",
  author: "Ida Porter",
  language: "en",
  description: "A voyage read once.",
  year: 1901,
  publisher: "Test Press",
  modified: "2026-01-01T00:00:00Z",
  coverSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  chapters: [{ title: "One", paragraphs: ["The ship left at dawn."] }],
};

/** The book with its package document changed by `edit`. */
function withPackage(edit: (opf: string) => string): Uint8Array {
  const files: Zippable = unzipSync(buildEpub(book));
  files.mimetype = [files.mimetype as Uint8Array, { level: 0 }];
  const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array);
  files["OEBPS/content.opf"] = strToU8(edit(opf));
  return zipSync(files);
}

const withMetadata = (metadata: string) =>
  withPackage((opf) => opf.replace(/<metadata[\s\S]*<\/metadata>/, metadata));

/** The package as the publication reads it, and as the shop lists the book. */
function bothReadings(bytes: Uint8Array) {
  const archive = EpubArchive.open(bytes);
  return {
    publication: readPackage(archive),
    listing: listingOf(archive, parsePackage(packageFileOf(archive))),
  };
}

describe("reading the package document, for the publication and for the listing", () => {
  it("reads EPUB 3 metadata: creators refined by role, escaped markup, the cover-image", async () => {
    const bytes = withMetadata(`<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:test:package</dc:identifier>
<dc:title>The Packaged Voyage</dc:title>
<dc:creator id="c1">Main Writer</dc:creator><meta refines="#c1" property="role">aut</meta>
<dc:creator id="c2">Some Editor</dc:creator><meta refines="#c2" property="role">edt</meta>
<dc:creator>Plain Writer</dc:creator>
<dc:subject>Sea</dc:subject><dc:subject> </dc:subject><dc:subject>Whales &amp; men</dc:subject>
<dc:language>en</dc:language><dc:language>fr</dc:language>
<dc:description>&lt;p&gt;A &lt;em&gt;tale&lt;/em&gt; &amp;amp; more&lt;/p&gt;</dc:description>
<dc:date>1851-10-18</dc:date>
<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
</metadata>`);
    const { publication, listing } = bothReadings(bytes);
    // The publication's authors are the creators with no role or `aut`; the shop lists them all.
    expect(publication).toMatchObject({
      title: "The Packaged Voyage",
      authors: ["Main Writer", "Plain Writer"],
      languages: ["en", "fr"],
      description: "<p>A <em>tale</em> & more</p>",
      modified: "2026-01-01T00:00:00.000Z",
      cover: { path: "OEBPS/cover.svg" },
    });
    expect(listing).toEqual({
      titles: ["The Packaged Voyage"],
      creators: ["Main Writer", "Some Editor", "Plain Writer"],
      subjects: ["Sea", "Whales & men"],
      descriptions: ["A tale & more"],
      languages: ["en", "fr"],
      dates: ["1851-10-18"],
      cover: publication.cover,
    });
    expect(await readEpubMetadata(bytes)).toMatchObject({
      title: "The Packaged Voyage",
      authors: ["Main Writer", "Some Editor", "Plain Writer"],
      subjects: ["Sea", "Whales & men"],
      description: "A tale & more",
      language: "en",
      year: 1851,
      cover: { extension: "svg" },
    });
  });

  it("reads EPUB 2 metadata: prefixed elements, opf:role, dates by event, <meta name=cover>", async () => {
    const bytes = withPackage(
      () => `<?xml version="1.0" encoding="UTF-8"?>
<opf:package xmlns:opf="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0" unique-identifier="uid">
<opf:metadata>
  <dc:title>Ein Buch &amp; mehr</dc:title>
  <dc:creator opf:role="aut">Anna Autorin</dc:creator>
  <dc:creator opf:role="ill">Ida Illustrator</dc:creator>
  <dc:identifier id="uid">urn:uuid:1234</dc:identifier>
  <dc:language>de</dc:language>
  <dc:date opf:event="publication">1901</dc:date>
  <dc:date opf:event="modification">2020-05-06</dc:date>
  <opf:meta name="cover" content="pic"/>
</opf:metadata>
<opf:manifest>
  <opf:item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
  <opf:item id="chapter" href="chapter-001.xhtml" media-type="application/xhtml+xml"/>
  <opf:item id="pic" href="cover.svg" media-type="image/svg+xml"/>
</opf:manifest>
<opf:spine toc="ncx"><opf:itemref idref="chapter"/></opf:spine>
</opf:package>`,
    );
    const { publication, listing } = bothReadings(bytes);
    expect(publication).toMatchObject({
      title: "Ein Buch & mehr",
      authors: ["Anna Autorin"],
      identifier: "urn:uuid:1234",
      modified: "2020-05-06T00:00:00.000Z",
      cover: { id: "pic", path: "OEBPS/cover.svg" },
      ncx: { id: "ncx" },
      nav: null,
    });
    expect(listing).toMatchObject({
      creators: ["Anna Autorin", "Ida Illustrator"],
      dates: ["1901", "2020-05-06"],
      cover: publication.cover,
    });
    expect(await readEpubMetadata(bytes)).toMatchObject({
      title: "Ein Buch & mehr",
      authors: ["Anna Autorin", "Ida Illustrator"],
      language: "de",
      year: 1901,
      cover: { extension: "svg" },
    });
  });

  it("lists a package whose <metadata> is never closed as untitled, as the shop always has", async () => {
    // The DOM closes it at </package>, with the manifest and spine inside: a publication reads.
    const bytes = withPackage((opf) => opf.replace("</metadata>", ""));
    const { publication, listing } = bothReadings(bytes);
    expect(publication.title).toBe("The Packaged Voyage");
    expect(listing).toMatchObject({ titles: [], creators: [] });
    const refusal = await readEpubMetadata(bytes).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EpubRejected);
    expect(refusal).toMatchObject({ message: "no title in the package metadata" });
  });

  it("reads the text of metadata elements nested in one another in linear time", () => {
    // Each of 4,000 languages, one inside the other, holds the 20,000 elements under them all:
    // reading the text of every one took 10 s (a minute under 16 MB); only the outermost's now.
    const nested = (name: string) =>
      `${`<dc:${name}>`.repeat(4_000)}${"fr<x/>".repeat(20_000)}${`</dc:${name}>`.repeat(4_000)}`;
    const bytes = withPackage((opf) =>
      opf.replace("</metadata>", `${nested("language")}${nested("subject")}</metadata>`),
    );
    const started = performance.now();
    const { publication, listing } = bothReadings(bytes);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(publication.languages).toHaveLength(2);
    expect(listing.subjects).toHaveLength(1);
    expect(listing.subjects[0]).toMatch(/^(fr ){19999}fr$/);
  });
});
