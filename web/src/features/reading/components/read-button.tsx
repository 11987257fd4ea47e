import type { Book } from "@folio/contract/catalogue";
import { useSession } from "../../../lib/session";
import { Button, type ButtonVariant } from "../../../ui/button";
import { useDialogs, useLoginRequired } from "../../../ui/dialogs";
import { BORROW_REQUIRED_MS, useOpenReader } from "../hooks/use-open-reader";
import { readingMessages } from "../messages";

/** Whether the reader holds the book now, as far as the page knows. */
export type LoanState = "onLoan" | "notOnLoan" | "unknown";

interface ReadButtonProps {
  book: Pick<Book, "bookId" | "title">;
  loan: LoanState;
  size?: "sm";
  variant?: ButtonVariant;
  /**
   * Borrows the book (the cart feature's, supplied by the page): the borrow-required dialog then
   * offers Borrow beside Close.
   */
  onBorrow?: (() => void) | undefined;
}

/**
 * Read (spec §4, §8): visitors log in first, members without the book borrow it first (the
 * borrow-required dialog, with Borrow in it where the page can lend the book); with a loan it
 * asks for a signed link and opens the reader. An unknown or open loan always asks the server,
 * which has the last word.
 */
export function ReadButton({ book, loan, size, variant = "secondary", onBorrow }: ReadButtonProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { openDialog } = useDialogs();
  const { openReader, opening, borrowFirst } = useOpenReader();

  function handleClick() {
    if (!isLoggedIn) {
      requireLogin(readingMessages.loginFirst);
      return;
    }
    if (loan === "notOnLoan" && onBorrow) {
      openDialog({
        title: readingMessages.borrowRequiredTitle,
        message: readingMessages.notBorrowed,
        autoCloseMs: BORROW_REQUIRED_MS,
        actions: [
          { label: "Close", variant: "secondary" },
          { label: "Borrow", onSelect: onBorrow },
        ],
      });
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
