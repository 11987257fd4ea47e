import type { WireId } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import { storedBookList } from "../../lib/storage";

export interface StoredBorrowedBook {
  bookId: WireId;
  title: string;
  cover: string;
  author: string;
  dueDate: string;
  borrowDate: string;
}

/** Spec §3's `borrowedBooks`: what was just lent, so a screen can draw it before asking. */
export const storedBorrowedBooks = storedBookList<StoredBorrowedBook>("borrowedBooks");

/** Adds the loans a borrow made to `borrowedBooks`, replacing older entries for the same books. */
export function rememberBorrowed(result: BorrowResult): void {
  if (result.loans.length === 0) return;
  const books = new Map(result.books.map((book) => [book.bookId, book]));
  const lent = new Set(result.loans.map((loan) => loan.bookId));
  const kept = (storedBorrowedBooks.read() ?? []).filter((entry) => !lent.has(entry.bookId));
  storedBorrowedBooks.write([
    ...kept,
    ...result.loans.map((loan) => {
      const book = books.get(loan.bookId);
      return {
        bookId: loan.bookId,
        title: book?.title ?? "",
        author: book?.author ?? "",
        cover: book?.coverUrl ?? "",
        borrowDate: loan.borrowDate,
        dueDate: loan.dueDate,
      };
    }),
  ]);
}
