import type { BookDetail } from "@folio/contract/catalogue";
import type { BorrowResult } from "@folio/contract/loans";
import { AddToCartButton } from "../../features/cart/components/add-to-cart-button";
import { BorrowButton } from "../../features/cart/components/borrow-button";
import { useOpenLoans } from "../../features/loans/hooks/loan-queries";
import { ReadButton, type LoanState } from "../../features/reading/components/read-button";
import { WishlistButton } from "../../features/wishlist/components/wishlist-button";
import { useSession } from "../../lib/session";
import { useAfterBorrow } from "./borrow-aftermath";

interface MemberBorrowButtonProps {
  book: BookDetail;
  onBorrowed: (result: BorrowResult) => void;
}

/** Borrow for a member: the loans feature knows whether the book is already on loan. */
function MemberBorrowButton({ book, onBorrowed }: MemberBorrowButtonProps) {
  const openLoans = useOpenLoans();
  const onLoan = openLoans.data?.data.some((loan) => loan.bookId === book.bookId) ?? false;
  return <BorrowButton book={book} alreadyBorrowed={onLoan} onBorrowed={onBorrowed} />;
}

/** Read for a member: the loans feature tells the reading feature whether the book is on loan. */
function MemberReadButton({ book }: { book: BookDetail }) {
  const openLoans = useOpenLoans();
  const loan: LoanState = !openLoans.data
    ? "unknown"
    : openLoans.data.data.some((item) => item.bookId === book.bookId)
      ? "onLoan"
      : "notOnLoan";
  return <ReadButton book={book} loan={loan} />;
}

/**
 * Add to cart, Borrow, Read and the wishlist heart on the book page, each from its feature.
 * Visitors are asked to log in.
 */
export function BookActions({ book }: { book: BookDetail }) {
  const { isLoggedIn } = useSession();
  const afterBorrow = useAfterBorrow();
  return (
    <>
      <AddToCartButton book={book} />
      {isLoggedIn ? (
        <MemberBorrowButton book={book} onBorrowed={afterBorrow} />
      ) : (
        // A visitor's Borrow only asks them to log in; their loans are not asked for.
        <BorrowButton book={book} alreadyBorrowed={false} onBorrowed={afterBorrow} />
      )}
      {isLoggedIn ? <MemberReadButton book={book} /> : <ReadButton book={book} loan="unknown" />}
      <WishlistButton book={book} />
    </>
  );
}
