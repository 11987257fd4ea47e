import type { Book } from "@folio/contract/catalogue";
import { useId } from "react";
import { BookCard } from "./book-card";
import "./book-row.css";

interface BookRowProps {
  heading: string;
  books: Book[];
}

/** A short shelf of books in one row, scrolled sideways where it does not fit. */
export function BookRow({ heading, books }: BookRowProps) {
  const headingId = useId();
  return (
    <section className="book-row" aria-labelledby={headingId}>
      <h2 id={headingId} className="book-row__heading">
        {heading}
      </h2>
      <ul className="book-row__list">
        {books.map((book) => (
          <li key={book.bookId}>
            <BookCard book={book} />
          </li>
        ))}
      </ul>
    </section>
  );
}
