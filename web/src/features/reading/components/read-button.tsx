import type { Book } from "@folio/contract/catalogue";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { useLoginRequired } from "../../../ui/dialogs";
import { useOpenReader } from "../hooks/use-open-reader";
import { readingMessages } from "../messages";

/** Whether the reader holds the book now, as far as the page knows. */
export type LoanState = "onLoan" | "notOnLoan" | "unknown";

interface ReadButtonProps {
  book: Pick<Book, "bookId" | "title">;
  loan: LoanState;
  size?: "sm";
  /** My Books makes Read its main action (issue 45); elsewhere it sits beside Borrow. */
  variant?: "primary" | "secondary";
}

/**
 * Read (spec §4, §8): visitors log in first, members without the book borrow it first; with a
 * loan it asks for a signed link and opens the reader. An unknown or open loan always asks the
 * server, which has the last word.
 */
export function ReadButton({ book, loan, size, variant = "secondary" }: ReadButtonProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { openReader, opening, borrowFirst } = useOpenReader();

  function handleClick() {
    if (!isLoggedIn) {
      requireLogin(readingMessages.loginFirst);
      return;
    }
    if (loan === "notOnLoan") {
      borrowFirst();
      return;
    }
    if (!opening) void openReader(book);
  }

  return (
    <Button
      variant={variant}
      size={size}
      onClick={handleClick}
      aria-busy={opening || undefined}
      aria-label={`Read ${book.title}`}
    >
      {opening ? "Opening…" : "Read"}
    </Button>
  );
}
