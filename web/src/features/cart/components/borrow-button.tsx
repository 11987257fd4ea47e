import type { Book } from "@folio/contract/catalogue";
import { poundsToPence } from "@folio/contract/money";
import type { BorrowResult } from "@folio/contract/loans";
import { useState } from "react";
import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/dates";
import { formatPenceAsPounds, formatPounds, sumPence } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { useSession } from "../../../lib/session";
import { Button, type ButtonSize, type ButtonVariant } from "../../../ui/button";
import { ERROR_DIALOG_MS, useDialogs, useErrorDialog, useLoginRequired } from "../../../ui/dialogs";
import { borrowOutcome, borrowRequestFailure, oneBookNotLent } from "../borrow-outcome";
import { useBorrowBooks, type BorrowRequest } from "../hooks/use-borrow-books";
import { borrowMessages } from "../messages";

/** Spec §9: the borrow-success modal closes itself after 3 s. */
export const SUCCESS_DIALOG_MS = 3000;

export const MY_BOOKS_PATH = "/user/books";

interface BorrowFlowOptions {
  book: Pick<Book, "bookId" | "title">;
  /** The reader holds this book now (an open loan), as far as the page knows. */
  alreadyBorrowed: boolean;
  /** Called after books were lent, so the page can refresh what a loan changes elsewhere. */
  onBorrowed: (result: BorrowResult) => void;
  /** Opens the book in the reader: offered as "Read now" once it is lent. */
  onReadNow?: (() => void) | undefined;
  /** Lends through another call that answers as a borrow does (a ready hold's kept copy). */
  request?: BorrowRequest | undefined;
}

/** One book's borrow, for a button and for any other way in (the borrow-required dialog). */
export interface BorrowFlow {
  book: Pick<Book, "bookId" | "title">;
  /** Borrows the book, or asks a visitor to log in; says the outcome in the spec's dialogs. */
  start: () => void;
  isPending: boolean;
  /** On loan to the reader (as the page knows, or as found by a press here). */
  held: boolean;
  showAlreadyBorrowed: () => void;
}

/** "£4.99 charged, balance £25.01": what the loans of this book cost, and what is left. */
function chargeNote(result: BorrowResult, bookId: Book["bookId"]): string | undefined {
  const prices = result.loans.filter((loan) => loan.bookId === bookId).map((loan) => loan.price);
  // An answer stored before loans said their price (a replayed Idempotency-Key) names none.
  if (prices.length === 0 || prices.some((price) => price === undefined)) return undefined;
  return borrowMessages.charged(
    formatPenceAsPounds(sumPence(prices as number[])),
    formatPounds(result.balance),
  );
}

/**
 * Borrow (spec §4, §8): idle, borrowing, then a modal for each outcome; the success modal names
 * what was charged and the balance left, and closes after 3 s (spec §9).
 */
export function useBorrowFlow({
  book,
  alreadyBorrowed,
  onBorrowed,
  onReadNow,
  request,
}: BorrowFlowOptions): BorrowFlow {
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

  async function borrowNow() {
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
          note: chargeNote(result, book.bookId),
          autoCloseMs: SUCCESS_DIALOG_MS,
          stackActions: true,
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

  return { book, start: () => void borrowNow(), isPending, held, showAlreadyBorrowed };
}

interface BorrowFlowButtonProps {
  flow: BorrowFlow;
  /**
   * The id of the text saying why the book cannot be lent now (no free copy, a spent licence),
   * as far as the page knows: the button is disabled and described by it.
   */
  unavailableReasonId?: string | undefined;
  /** Primary where Borrow is the page's main action (the book page). */
  variant?: ButtonVariant;
  size?: ButtonSize | undefined;
  /** In a list of books, the button names its book ("Borrow Moby-Dick"). */
  namesBook?: boolean;
}

/** The button of a borrow: 'Borrow', 'Borrowing…', then 'Already Borrowed' once on loan. */
export function BorrowFlowButton({
  flow,
  unavailableReasonId,
  variant = "secondary",
  size,
  namesBook = false,
}: BorrowFlowButtonProps) {
  if (flow.held) {
    return (
      <Button
        variant="secondary"
        size={size}
        aria-disabled="true"
        onClick={flow.showAlreadyBorrowed}
      >
        Already Borrowed
      </Button>
    );
  }
  if (unavailableReasonId) {
    return (
      <Button
        variant={variant}
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
      variant={variant}
      size={size}
      aria-disabled={flow.isPending ? true : undefined}
      aria-label={
        namesBook && !flow.isPending
          ? `Borrow ${flow.book.title.trim() || "Unknown Book"}`
          : undefined
      }
      onClick={flow.start}
    >
      {flow.isPending ? "Borrowing…" : "Borrow"}
    </Button>
  );
}

interface BorrowButtonProps extends BorrowFlowOptions, Omit<BorrowFlowButtonProps, "flow"> {}

/** Borrow for one book, where nothing else on the screen starts its borrow (My Books › Holds). */
export function BorrowButton({
  unavailableReasonId,
  variant,
  size,
  namesBook,
  ...options
}: BorrowButtonProps) {
  const flow = useBorrowFlow(options);
  return (
    <BorrowFlowButton
      flow={flow}
      unavailableReasonId={unavailableReasonId}
      variant={variant}
      size={size}
      namesBook={namesBook}
    />
  );
}
