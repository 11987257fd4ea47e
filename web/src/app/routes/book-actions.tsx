import type { BookDetail } from "@folio/contract/catalogue";
import type { BorrowResult } from "@folio/contract/loans";
import { AddToCartButton } from "../../features/cart/components/add-to-cart-button";
import { BorrowButton } from "../../features/cart/components/borrow-button";
import { useOpenLoans } from "../../features/loans/hooks/loan-queries";
import { WishlistButton } from "../../features/wishlist/components/wishlist-button";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { useLoginRequired } from "../../ui/dialogs";
import { useAfterBorrow } from "./borrow-aftermath";

/** Spec §8, not logged in. */
const LOGIN_FIRST = "Please login first";

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

/**
 * Add to cart, Borrow, Read and the wishlist heart on the book page, each from its feature.
 * Visitors are asked to log in. Reading comes with the reading feature, so Read stays disabled
 * for members until then.
 */
export function BookActions({ book }: { book: BookDetail }) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
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
      <Button
        variant="secondary"
        disabled={isLoggedIn}
        onClick={() => requireLogin(LOGIN_FIRST)}
        aria-label={`Read ${book.title}`}
      >
        Read
      </Button>
      <WishlistButton book={book} />
    </>
  );
}
