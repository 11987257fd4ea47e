import type { RelatedResult } from "@folio/contract/catalogue";
import type { WireId } from "@folio/contract/common";
import { useRelatedBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { BookRow } from "./book-row";

interface BecauseYouBorrowedProps {
  /** The book of the reader's most recent loan. */
  bookId: WireId;
  title: string;
  /** Books the reader has on loan now, which they need no pointing to. */
  onLoan: readonly WireId[];
}

/** The closest of the related lists that still has a book the reader does not hold. */
function nextReads(related: RelatedResult, onLoan: readonly WireId[]) {
  const lists = [related.alsoBorrowed, related.sameAuthor, related.sameCategory];
  for (const list of lists) {
    const books = list.filter((book) => !onLoan.includes(book.bookId));
    if (books.length > 0) return books;
  }
  return [];
}

/** Home's pointer from a reader's latest loan to the next book; nothing until it has one. */
export function BecauseYouBorrowed({ bookId, title, onLoan }: BecauseYouBorrowedProps) {
  const related = useRelatedBooks(bookId);
  const books = related.isSuccess ? nextReads(related.data, onLoan) : [];
  if (books.length === 0) return null;
  const shown = title.trim() || catalogueMessages.unknownBook;
  return <BookRow heading={`Because you borrowed ${shown}`} books={books} />;
}
