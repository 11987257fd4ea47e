import type { Book } from "@folio/contract/catalogue";
import type { WireId } from "@folio/contract/common";
import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { isSessionEnd } from "../../../lib/api-client";
import { useDialogs, useErrorDialog } from "../../../ui/dialogs";
import { readingMessages } from "../messages";
import { readErrorMessage, readFailureOf } from "../read-error";
import { contentLinkQuery, progressQuery, publicationLinkQuery } from "../reading-queries";

/** The borrow-required modal closes itself after 3 s. */
export const BORROW_REQUIRED_MS = 3000;

export function readerPath(contentURL: string, bookId: WireId): string {
  return `/reader?url=${encodeURIComponent(contentURL)}&bookId=${bookId}`;
}

/**
 * Opens a book in the reader: asks for a signed link, then goes to the reader route. The
 * server has the last word (an overdue loan cannot be read), and its refusals show as the
 * spec's dialogs.
 */
export function useOpenReader() {
  const { openDialog } = useDialogs();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);

  const borrowFirst = useCallback(() => {
    openDialog({
      title: readingMessages.borrowRequiredTitle,
      message: readingMessages.notBorrowed,
      autoCloseMs: BORROW_REQUIRED_MS,
      actions: [{ label: "Close" }],
    });
  }, [openDialog]);

  const openReader = useCallback(
    async (book: Pick<Book, "bookId">) => {
      setOpening(true);
      try {
        const contentURL = await queryClient.fetchQuery(contentLinkQuery(book.bookId));
        // Asked for now, while the reader's code is still loading; the reader takes them over.
        void queryClient.prefetchQuery(publicationLinkQuery(book.bookId));
        void queryClient.prefetchQuery(progressQuery(book.bookId));
        // A transition: this page stays (its button says "Opening…") until the reader's code
        // is in, so no loading screen flashes and the book appears as soon as it can.
        startTransition(() => {
          void navigate(readerPath(contentURL, book.bookId));
        });
      } catch (error) {
        setOpening(false);
        // The query client is taking them to log in; a dialog would follow them there.
        if (isSessionEnd(error)) return;
        const failure = readFailureOf(error);
        if (failure === "notBorrowed") borrowFirst();
        else showError(readErrorMessage(failure));
      }
    },
    [queryClient, navigate, borrowFirst, showError],
  );

  return { openReader, opening, borrowFirst };
}
