import type { Book } from "@folio/contract/catalogue";
import { ALREADY_PRESENT_STATE } from "@folio/contract/constants";
import { useEffect, useState } from "react";
import { useSession } from "../../../lib/session";
import { Button, type ButtonVariant } from "../../../ui/button";
import { useLoginRequired } from "../../../ui/dialogs";
import { useToast } from "../../../ui/toast";
import { useAddToCart } from "../hooks/cart-mutations";
import { cartMessages } from "../messages";

/** Spec §9: the 'Added to cart' state lasts 3 s. */
export const ADDED_STATE_MS = 3000;

interface AddToCartButtonProps {
  book: Pick<Book, "bookId">;
  /**
   * The id of the text saying why the book cannot be borrowed (on loan to the reader, no free
   * copy, a spent licence): the button is disabled and described by it.
   */
  unavailableReasonId?: string | undefined;
  /** Secondary beside a Borrow that is the page's main action. */
  variant?: ButtonVariant;
}

/** Add to cart on the book page (spec §4): normal, adding, then 'Added to cart' for 3 s. */
export function AddToCartButton({
  book,
  unavailableReasonId,
  variant = "primary",
}: AddToCartButtonProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { showToast } = useToast();
  const add = useAddToCart();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), ADDED_STATE_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const busy = add.isPending || added;

  function handleClick() {
    if (!isLoggedIn) {
      requireLogin(cartMessages.loginToAdd);
      return;
    }
    if (busy) return;
    add.mutate(book.bookId, {
      onSuccess: (cart) => {
        if (cart.state === ALREADY_PRESENT_STATE) {
          showToast(cartMessages.alreadyInCart);
          return;
        }
        setAdded(true);
        showToast(cartMessages.added, { tone: "success" });
      },
    });
  }

  if (unavailableReasonId) {
    return (
      <Button variant={variant} aria-disabled="true" aria-describedby={unavailableReasonId}>
        Add to cart
      </Button>
    );
  }
  return (
    <Button variant={variant} onClick={handleClick} aria-disabled={busy ? true : undefined}>
      {add.isPending ? "Adding…" : added ? "Added to cart" : "Add to cart"}
    </Button>
  );
}
