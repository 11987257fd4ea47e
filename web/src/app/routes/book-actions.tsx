import type { BookDetail } from "@folio/contract/catalogue";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { useLoginRequired } from "../../ui/dialogs";

/** Spec §8, not logged in. */
const LOGIN_TO_ADD_TO_CART = "Please login to add items to cart";
const LOGIN_FIRST = "Please login first";

/**
 * Add to cart, Borrow and Read on the book page. Visitors are asked to log in; for members the
 * cart, loans and reading features attach the real actions, so until then they stay disabled.
 */
export function BookActions({ book }: { book: BookDetail }) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const pending = isLoggedIn;
  return (
    <>
      <Button disabled={pending} onClick={() => requireLogin(LOGIN_TO_ADD_TO_CART)}>
        Add to cart
      </Button>
      <Button variant="secondary" disabled={pending} onClick={() => requireLogin(LOGIN_FIRST)}>
        Borrow
      </Button>
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() => requireLogin(LOGIN_FIRST)}
        aria-label={`Read ${book.title}`}
      >
        Read
      </Button>
    </>
  );
}
