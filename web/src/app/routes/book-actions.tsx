import type { BookDetail } from "@folio/contract/catalogue";
import { useId } from "react";
import { AddToCartButton } from "../../features/cart/components/add-to-cart-button";
import { BorrowButton } from "../../features/cart/components/borrow-button";
import { useOpenLoans } from "../../features/loans/hooks/loan-queries";
import { ReadButton, type LoanState } from "../../features/reading/components/read-button";
import { useOpenReader } from "../../features/reading/hooks/use-open-reader";
import { WishlistButton } from "../../features/wishlist/components/wishlist-button";
import { availabilityMessages, availabilityOf } from "../../lib/availability";
import { useSession } from "../../lib/session";
import { useAfterBorrow } from "./borrow-aftermath";
import "./book-actions.css";

/** A member's actions: the loans feature knows whether the book is already on loan. */
function MemberBookActions({ book }: { book: BookDetail }) {
  const openLoans = useOpenLoans();
  const loan: LoanState = !openLoans.data
    ? "unknown"
    : openLoans.data.data.some((item) => item.bookId === book.bookId)
      ? "onLoan"
      : "notOnLoan";
  return <Actions book={book} loan={loan} />;
}

/**
 * Add to cart, Borrow, Read and the wishlist heart on the book page, each from its feature.
 * Visitors are asked to log in (their loans are not asked for). A book that cannot be lent
 * now says why, and Borrow and Add to cart are disabled and described by that reason.
 */
export function BookActions({ book }: { book: BookDetail }) {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <MemberBookActions book={book} /> : <Actions book={book} loan="unknown" />;
}

function Actions({ book, loan }: { book: BookDetail; loan: LoanState }) {
  const afterBorrow = useAfterBorrow();
  const { openReader } = useOpenReader();
  const reasonId = useId();
  const availability = availabilityOf(book);
  const onLoan = loan === "onLoan";
  // On loan to this reader, Borrow already says so ('Already Borrowed'); the cart still
  // needs the reason.
  const reason = onLoan
    ? availabilityMessages.onLoan
    : availability.kind === "available"
      ? null
      : availability.reason;
  return (
    <>
      <AddToCartButton book={book} unavailableReasonId={reason ? reasonId : undefined} />
      <BorrowButton
        book={book}
        alreadyBorrowed={onLoan}
        onBorrowed={afterBorrow}
        onReadNow={() => void openReader(book)}
        unavailableReasonId={reason && !onLoan ? reasonId : undefined}
      />
      <ReadButton book={book} loan={loan} />
      <WishlistButton book={book} />
      {reason && (
        <p id={reasonId} className="book-actions__reason">
          {reason}
        </p>
      )}
    </>
  );
}
