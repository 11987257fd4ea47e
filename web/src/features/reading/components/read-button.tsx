import type { WireId } from "@folio/contract/common";
import type { Book } from "@folio/contract/catalogue";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { useDialogs, useErrorDialog, useLoginRequired } from "../../../ui/dialogs";
import { isSessionEnd } from "../../../lib/api-client";
import { readErrorMessage, readFailureOf } from "../read-error";
import { readingMessages } from "../messages";
import { contentLinkQuery } from "../reading-queries";

/** The borrow-required modal closes itself after 3 s. */
export const BORROW_REQUIRED_MS = 3000;

/** Whether the reader holds the book now, as far as the page knows. */
export type LoanState = "onLoan" | "notOnLoan" | "unknown";

export function readerPath(contentURL: string, bookId: WireId): string {
  return `/reader?url=${encodeURIComponent(contentURL)}&bookId=${bookId}`;
}

interface ReadButtonProps {
  book: Pick<Book, "bookId" | "title">;
  loan: LoanState;
}

/**
 * Read on the book page (spec §4, §8): visitors log in first, members without the book borrow
 * it first; with a loan it asks for a signed link and opens the reader. The server has the last
 * word (an overdue loan cannot be read), so an unknown or open loan always asks it.
 */
export function ReadButton({ book, loan }: ReadButtonProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { openDialog } = useDialogs();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);

  function borrowFirst() {
    openDialog({
      title: readingMessages.borrowRequiredTitle,
      message: readingMessages.notBorrowed,
      autoCloseMs: BORROW_REQUIRED_MS,
      actions: [{ label: "Close" }],
    });
  }

  async function handleClick() {
    if (!isLoggedIn) {
      requireLogin(readingMessages.loginFirst);
      return;
    }
    if (loan === "notOnLoan") {
      borrowFirst();
      return;
    }
    if (opening) return;
    setOpening(true);
    try {
      const contentURL = await queryClient.fetchQuery(contentLinkQuery(book.bookId));
      void navigate(readerPath(contentURL, book.bookId));
    } catch (error) {
      setOpening(false);
      // The query client is taking them to log in; a dialog would follow them there.
      if (isSessionEnd(error)) return;
      const failure = readFailureOf(error);
      if (failure === "notBorrowed") borrowFirst();
      else showError(readErrorMessage(failure));
    }
  }

  return (
    <Button
      variant="secondary"
      onClick={() => void handleClick()}
      aria-busy={opening || undefined}
      aria-label={`Read ${book.title}`}
    >
      {opening ? "Opening…" : "Read"}
    </Button>
  );
}
