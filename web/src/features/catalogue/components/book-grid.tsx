import type { Book } from "@folio/contract/catalogue";
import { BookCard, BookCardSkeleton } from "./book-card";
import "./book-grid.css";

/** Roughly one row on a desktop: these covers are likely above the fold. */
const EAGER_COVERS = 4;

interface BookGridProps {
  books: Book[];
  headingLevel?: 2 | 3;
  /** Lists lower on a page (Home's popular list) pass false: none of their covers is first paint. */
  eagerFirstRow?: boolean;
}

export function BookGrid({ books, headingLevel = 3, eagerFirstRow = true }: BookGridProps) {
  return (
    <ul className="book-grid">
      {books.map((book, index) => (
        <li key={book.bookId}>
          <BookCard
            book={book}
            headingLevel={headingLevel}
            eager={eagerFirstRow && index < EAGER_COVERS}
          />
        </li>
      ))}
    </ul>
  );
}

export function BookGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className="book-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <BookCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
