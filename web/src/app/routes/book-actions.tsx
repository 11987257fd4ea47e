import type { WireId } from "@folio/contract/common";
import type { BookDetailWithHolds, Hold } from "@folio/contract/holds";
import type { BorrowResult, LoanList } from "@folio/contract/loans";
import { useId, useState } from "react";
import { AddToCartButton } from "../../features/cart/components/add-to-cart-button";
import { BorrowFlowButton, useBorrowFlow } from "../../features/cart/components/borrow-button";
import type { BorrowRequest } from "../../features/cart/hooks/use-borrow-books";
import { BookHoldPanel } from "../../features/holds/components/book-hold-panel";
import { useHoldBorrowRequest } from "../../features/holds/hooks/hold-mutations";
import { useMyHold } from "../../features/holds/hooks/hold-queries";
import { ReadButton, type LoanState } from "../../features/reading/components/read-button";
import { useOpenReader } from "../../features/reading/hooks/use-open-reader";
import { WishlistButton } from "../../features/wishlist/components/wishlist-button";
import { availabilityMessages, availabilityOf } from "../../lib/availability";
import { useSession } from "../../lib/session";
import { useAfterBorrow } from "./borrow-aftermath";
import "./book-actions.css";

interface BookActionsProps {
  book: BookDetailWithHolds;
  /** The member's open loans, which the page asks for beside the book; undefined until known. */
  openLoans: LoanList | undefined;
}

/**
 * A member's actions: the loans feature knows whether the book is already on loan, the holds
 * feature whether the reader queues for it.
 */
function MemberBookActions({ book, openLoans }: BookActionsProps) {
  const myHold = useMyHold(book);
  const loan: LoanState = !openLoans
    ? "unknown"
    : openLoans.data.some((item) => item.bookId === book.bookId)
      ? "onLoan"
      : "notOnLoan";
  return <Actions book={book} loan={loan} myHold={myHold} />;
}

/**
 * Borrow (the page's main action), Add to cart, Read and the wishlist heart on the book page,
 * each from its feature. Visitors are asked to log in (their loans are not asked for). A book
 * that cannot be lent now says why, and Add to cart is disabled and described by that reason.
 * With every copy on loan, Borrow gives way to the holds feature's Place hold (design.md §7.2);
 * a reader whose hold is ready borrows the copy kept for them with Borrow in the hold's panel.
 * Read on a book not on loan offers the same borrow in its dialog.
 */
export function BookActions({ book, openLoans }: BookActionsProps) {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? (
    <MemberBookActions book={book} openLoans={openLoans} />
  ) : (
    <Actions book={book} loan="unknown" myHold={null} />
  );
}

interface ActionsProps {
  book: BookDetailWithHolds;
  loan: LoanState;
  myHold: Hold | null;
}

function Actions({ book, loan, myHold }: ActionsProps) {
  const afterBorrow = useAfterBorrow();
  const { openReader } = useOpenReader();
  const holdBorrowRequest = useHoldBorrowRequest();
  const reasonId = useId();
  // Lent by a press here, before the page's list of loans (and the hold) has caught up: Borrow
  // stays in its place as 'Already Borrowed' rather than the hold panel coming back meanwhile.
  const [lentHere, setLentHere] = useState<WireId | null>(null);
  const availability = availabilityOf(book);
  const onLoan = loan === "onLoan" || lentHere === book.bookId;
  const readyHold = !onLoan && myHold?.status === "ready" ? myHold : null;
  const queues = !onLoan && (myHold !== null || availability.kind === "allLent");
  const showBorrow = onLoan || readyHold !== null || availability.kind !== "allLent";
  // On loan to this reader, Borrow already says so ('Already Borrowed'); the cart still
  // needs the reason. A ready hold's copy is kept for the reader: nothing stands in the way.
  const reason = onLoan
    ? availabilityMessages.onLoan
    : readyHold || availability.kind === "available"
      ? null
      : availability.reason;
  const borrowReadyHold: BorrowRequest | undefined = readyHold
    ? holdBorrowRequest(readyHold)
    : undefined;

  function handleBorrowed(result: BorrowResult) {
    if (result.loans.some((lent) => lent.bookId === book.bookId)) setLentHere(book.bookId);
    afterBorrow(result);
  }

  const borrow = useBorrowFlow({
    book,
    alreadyBorrowed: onLoan,
    onBorrowed: handleBorrowed,
    onReadNow: () => void openReader(book),
    request: borrowReadyHold,
  });
  const borrowButton = showBorrow && (
    <BorrowFlowButton
      flow={borrow}
      variant="primary"
      unavailableReasonId={reason && !onLoan ? reasonId : undefined}
    />
  );

  return (
    <>
      {!readyHold && borrowButton}
      <AddToCartButton
        book={book}
        variant="secondary"
        unavailableReasonId={reason ? reasonId : undefined}
      />
      <ReadButton
        book={book}
        loan={loan}
        onBorrow={showBorrow && !onLoan && !reason ? borrow.start : undefined}
      />
      <WishlistButton book={book} />
      {reason && (
        <p id={reasonId} className="book-actions__reason">
          {reason}
        </p>
      )}
      {queues && (
        <BookHoldPanel
          key={book.bookId}
          book={book}
          holdsWaiting={book.holdsWaiting}
          estimatedWaitDays={book.estimatedWaitDays}
          myHold={myHold}
          borrowButton={readyHold ? borrowButton : undefined}
        />
      )}
    </>
  );
}
