import type { BorrowResult } from "@folio/contract/loans";
import { readStored, writeStored } from "../../lib/storage";

/** Spec §3's `borrowedBooks`: what was just lent, so a screen can draw it before asking. */
export function rememberBorrowed(result: BorrowResult): void {
  if (result.loans.length === 0) return;
  const books = new Map(result.books.map((book) => [book.bookId, book]));
  const lent = new Set(result.loans.map((loan) => loan.bookId));
  const kept = (readStored("borrowedBooks") ?? []).filter((entry) => !lent.has(entry.bookId));
  writeStored("borrowedBooks", [
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
