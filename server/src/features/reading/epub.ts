import { strToU8, zipSync, type Zippable } from "fflate";

export interface EpubChapter {
  title: string;
  /** Paragraphs of plain text; they are escaped here. */
  paragraphs: readonly string[];
  /** An optional line under the chapter title. */
  subtitle?: string;
}

export interface EpubBook {
  identifier: string;
  title: string;
  author: string;
  language: string;
  description: string;
  year?: number | null;
  publisher: string;
  /** ISO timestamp without milliseconds, e.g. 2026-01-01T00:00:00Z */
  modified: string;
  coverSvg: string;
  chapters: readonly EpubChapter[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const STYLESHEET = `body { font-family: Georgia, serif; line-height: 1.55; margin: 0 5%; }
h1, h2 { font-weight: normal; text-align: center; line-height: 1.25; }
h1 { margin-top: 3em; }
p { margin: 0; text-indent: 1.4em; text-align: justify; }
p.first, .titlepage p, .note p { text-indent: 0; }
.subtitle { text-align: center; font-style: italic; margin-bottom: 1.5em; text-indent: 0; }
.titlepage { text-align: center; }
.titlepage .author { font-size: 1.2em; margin-top: 1em; }
.note { margin-top: 2em; }
.note p { margin-bottom: 0.8em; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
`;

function xhtml(title: string, language: string, body: string, extraNs = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${extraNs} xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * Builds a valid EPUB 3 file: the mimetype entry first and uncompressed, as the OCF container
 * format requires, then the package document, navigation, cover and one XHTML file a chapter.
 */
export function buildEpub(book: EpubBook): Uint8Array {
  const lang = escapeXml(book.language);
  const chapterFiles = book.chapters.map((chapter, index) => {
    const id = `chapter-${String(index + 1).padStart(3, "0")}`;
    const paragraphs = chapter.paragraphs
      .map((text, i) => `<p${i === 0 ? ' class="first"' : ""}>${escapeXml(text)}</p>`)
      .join("\n");
    const subtitle = chapter.subtitle
      ? `<p class="subtitle">${escapeXml(chapter.subtitle)}</p>\n`
      : "";
    const body = `<section epub:type="chapter" id="${id}">\n<h2>${escapeXml(chapter.title)}</h2>\n${subtitle}${paragraphs}\n</section>`;
    return {
      id,
      href: `${id}.xhtml`,
      title: chapter.title,
      content: xhtml(chapter.title, lang, body),
    };
  });

  const titlePage = xhtml(
    book.title,
    lang,
    `<section class="titlepage" epub:type="titlepage">
<h1>${escapeXml(book.title)}</h1>
<p class="author">${escapeXml(book.author)}</p>
${book.year ? `<p>First published ${book.year}</p>` : ""}
<p>${escapeXml(book.publisher)}</p>
</section>`,
  );
  const coverPage = xhtml(
    "Cover",
    lang,
    `<section class="cover" epub:type="cover"><img src="cover.svg" alt="${escapeXml(`Cover of ${book.title}`)}"/></section>`,
  );
  const nav = xhtml(
    "Contents",
    lang,
    `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
<li><a href="title.xhtml">${escapeXml(book.title)}</a></li>
${chapterFiles.map((c) => `<li><a href="${c.href}">${escapeXml(c.title)}</a></li>`).join("\n")}
</ol>
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<ol>
<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
<li><a epub:type="bodymatter" href="${chapterFiles[0]?.href ?? "title.xhtml"}">Start</a></li>
</ol>
</nav>`,
  );
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="${escapeXml(book.identifier)}"/></head>
<docTitle><text>${escapeXml(book.title)}</text></docTitle>
<navMap>
${chapterFiles
  .map(
    (c, i) =>
      `<navPoint id="np-${i + 1}" playOrder="${i + 1}"><navLabel><text>${escapeXml(c.title)}</text></navLabel><content src="${c.href}"/></navPoint>`,
  )
  .join("\n")}
</navMap>
</ncx>
`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${escapeXml(book.identifier)}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:creator>${escapeXml(book.author)}</dc:creator>
<dc:language>${lang}</dc:language>
<dc:publisher>${escapeXml(book.publisher)}</dc:publisher>
<dc:description>${escapeXml(book.description)}</dc:description>
${book.year ? `<dc:date>${book.year}</dc:date>` : ""}
<meta property="dcterms:modified">${escapeXml(book.modified)}</meta>
<meta name="cover" content="cover-image"/>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="style" href="style.css" media-type="text/css"/>
<item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>
<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${chapterFiles.map((c) => `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`).join("\n")}
</manifest>
<spine toc="ncx">
<itemref idref="cover" linear="no"/>
<itemref idref="title"/>
${chapterFiles.map((c) => `<itemref idref="${c.id}"/>`).join("\n")}
</spine>
</package>
`;

  const files: Zippable = {
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(CONTAINER),
    "OEBPS/content.opf": strToU8(opf),
    "OEBPS/nav.xhtml": strToU8(nav),
    "OEBPS/toc.ncx": strToU8(ncx),
    "OEBPS/style.css": strToU8(STYLESHEET),
    "OEBPS/cover.svg": strToU8(book.coverSvg),
    "OEBPS/cover.xhtml": strToU8(coverPage),
    "OEBPS/title.xhtml": strToU8(titlePage),
  };
  for (const chapter of chapterFiles) files[`OEBPS/${chapter.href}`] = strToU8(chapter.content);
  return zipSync(files, { level: 6, mtime: new Date("2026-01-01T00:00:00Z") });
}
