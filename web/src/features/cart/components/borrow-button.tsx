import type { Book } from "@folio/contract/catalogue";
import { poundsToPence } from "@folio/contract/money";
import type { BorrowResult } from "@folio/contract/loans";
import { useState } from "react";
import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/dates";
import { profileViewPath } from "../../../lib/profile-views";
import { useSession } from "../../../lib/session";
import { Button, type ButtonSize } from "../../../ui/button";
import { ERROR_DIALOG_MS, useDialogs, useErrorDialog, useLoginRequired } from "../../../ui/dialogs";
import { borrowOutcome, borrowRequestFailure, oneBookNotLent } from "../borrow-outcome";
import { useBorrowBooks, type BorrowRequest } from "../hooks/use-borrow-books";
import { borrowMessages } from "../messages";

/** Spec §9: the borrow-success modal closes itself after 3 s. */
export const SUCCESS_DIALOG_MS = 3000;

export const MY_BOOKS_PATH = "/user/books";

interface BorrowButtonProps {
  book: Pick<Book, "bookId" | "title">;
  /** The reader holds this book now (an open loan), as far as the page knows. */
  alreadyBorrowed: boolean;
  /** Called after books were lent, so the page can refresh what a loan changes elsewhere. */
  onBorrowed: (result: BorrowResult) => void;
  /** Opens the book in the reader: offered as "Read now" once it is lent. */
  onReadNow?: () => void;
  /**
   * The id of the text saying why the book cannot be lent now (no free copy, a spent licence),
   * as far as the page knows: the button is disabled and described by it.
   */
  unavailableReasonId?: string | undefined;
  /** Lends through another call that answers as a borrow does (a ready hold's kept copy). */
  request?: BorrowRequest | undefined;
  size?: ButtonSize;
  /** In a list of books, the button names its book ("Borrow Moby-Dick"). */
  namesBook?: boolean;
}

/**
 * Borrow on the book page (spec §4, §8): idle, borrowing, then a modal for each outcome; once
 * the book is on loan the button reads 'Already Borrowed'.
 */
export function BorrowButton({
  book,
  alreadyBorrowed,
  onBorrowed,
  onReadNow,
  unavailableReasonId,
  request,
  size,
  namesBook = false,
}: BorrowButtonProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { openDialog } = useDialogs();
  const showRequestError = useErrorDialog();
  const navigate = useNavigate();
  const { borrow, isPending } = useBorrowBooks(request);
  // Lent (or found on loan) by a press here, before the page's list of loans has caught up.
  const [heldHere, setHeldHere] = useState(false);
  const held = isLoggedIn && (alreadyBorrowed || heldHere);

  const goToMyBooks = () => void navigate(MY_BOOKS_PATH);

  function cannotBorrow(message: string) {
    openDialog({
      title: "Unable to borrow",
      message,
      tone: "error",
      autoCloseMs: ERROR_DIALOG_MS,
      actions: [{ label: "Close" }],
    });
  }

  function showAlreadyBorrowed() {
    openDialog({
      title: "Already borrowed",
      message: borrowMessages.alreadyBorrowed,
      actions: [
        { label: "Close", variant: "secondary" },
        { label: "View My Books", onSelect: goToMyBooks },
      ],
    });
  }

  async function handleClick() {
    if (!isLoggedIn) {
      requireLogin(borrowMessages.loginFirst);
      return;
    }
    if (isPending || held) return;
    let result: BorrowResult;
    try {
      result = await borrow([book.bookId]);
    } catch (error) {
      const failure = borrowRequestFailure(error);
      // Another route's refusals have reasons of their own (a hold that lapsed meanwhile): the
      // server's words say them.
      const message = failure && request ? (serverMessage(error) ?? failure) : failure;
      if (message) showRequestError(message);
      return;
    }
    const outcome = borrowOutcome(result);
    switch (outcome.kind) {
      case "lent":
        setHeldHere(true);
        onBorrowed(result);
        openDialog({
          title: "Borrow successful",
          message: `You have borrowed ${book.title.trim() || "Unknown Book"}. It is due back on ${formatLongDate(outcome.dueDate)}.`,
          autoCloseMs: SUCCESS_DIALOG_MS,
          actions: [
            { label: "Close", variant: "secondary" },
            {
              label: "View My Books",
              variant: onReadNow ? "secondary" : "primary",
              onSelect: goToMyBooks,
            },
            ...(onReadNow ? [{ label: "Read now", onSelect: onReadNow }] : []),
          ],
        });
        return;
      case "insufficientBalance":
        openDialog({
          title: "Insufficient balance",
          message: borrowMessages.insufficient(poundsToPence(outcome.shortfall)),
          actions: [
            { label: "Cancel", variant: "secondary" },
            { label: "Top up", onSelect: () => void navigate(profileViewPath("TopUp")) },
          ],
        });
        return;
      case "reachLimit":
        cannotBorrow(borrowMessages.reachLimit);
        return;
      case "exceedLimit":
        cannotBorrow(borrowMessages.exceedLimit);
        return;
      case "notLent":
        if (outcome.notLent.alreadyBorrowed.length > 0) {
          setHeldHere(true);
          showAlreadyBorrowed();
        } else {
          cannotBorrow(oneBookNotLent(outcome.notLent));
        }
        return;
      case "other":
        cannotBorrow(outcome.message);
    }
  }

  if (held) {
    return (
      <Button variant="secondary" size={size} aria-disabled="true" onClick={showAlreadyBorrowed}>
        Already Borrowed
      </Button>
    );
  }
  if (unavailableReasonId) {
    return (
      <Button
        variant="secondary"
        size={size}
        aria-disabled="true"
        aria-describedby={unavailableReasonId}
      >
        Borrow
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      size={size}
      aria-disabled={isPending ? true : undefined}
      aria-label={
        namesBook && !isPending ? `Borrow ${book.title.trim() || "Unknown Book"}` : undefined
      }
      onClick={() => void handleClick()}
    >
      {isPending ? "Borrowing…" : "Borrow"}
    </Button>
  );
}
