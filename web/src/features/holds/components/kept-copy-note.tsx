import type { BookDetailWithHolds } from "@folio/contract/holds";
import { useMyHold } from "../hooks/hold-queries";
import { holdMessages } from "../messages";
import "./holds.css";

/**
 * Beside a book's free copies: the one kept for the reader's ready hold, which the free copies
 * no longer count (design.md §7.2), so "0/2" does not read as nothing to borrow.
 */
export function KeptCopyNote({ book }: { book: BookDetailWithHolds }) {
  const myHold = useMyHold(book);
  if (myHold?.status !== "ready") return null;
  return <span className="kept-copy-note">{holdMessages.keptCopies(1)}</span>;
}
