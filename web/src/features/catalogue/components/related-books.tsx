import type { Book } from "@folio/contract/catalogue";
import { useRelatedBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { BookRow } from "./book-row";

interface RelatedBooksProps {
  /** The book whose page this is. */
  book: Book;
}

/**
 * Where a book's page leads next. An extra: until the answer comes, or if it fails, nothing
 * shows, and a list with no books is left out.
 */
export function RelatedBooks({ book }: RelatedBooksProps) {
  const related = useRelatedBooks(book.bookId);
  if (!related.isSuccess) return null;
  const author = book.author.trim() || catalogueMessages.unknownAuthor;
  const shelves = [
    { heading: "Readers who borrowed this also borrowed", books: related.data.alsoBorrowed },
    { heading: `More by ${author}`, books: related.data.sameAuthor },
    { heading: `More in ${book.category}`, books: related.data.sameCategory },
  ];
  return shelves.map(
    ({ heading, books }) =>
      books.length > 0 && <BookRow key={heading} heading={heading} books={books} />,
  );
}
