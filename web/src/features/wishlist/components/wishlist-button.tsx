import type { Book } from "@folio/contract/catalogue";
import { ALREADY_PRESENT_STATE } from "@folio/contract/constants";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { useLoginRequired } from "../../../ui/dialogs";
import { HeartIcon } from "../../../ui/icons";
import { useToast } from "../../../ui/toast";
import { useAddToWishlist, useRemoveFromWishlist } from "../hooks/wishlist-mutations";
import { wishlistMessages } from "../messages";
import { wishlistQuery } from "../wishlist-store";
import "./wishlist-button.css";

/** The wishlist heart on the book page (spec §4): a toggle, pressed while the book is on it. */
export function WishlistButton({ book }: { book: Pick<Book, "bookId"> }) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { showToast } = useToast();
  const wishlist = useQuery({ ...wishlistQuery(), enabled: isLoggedIn });
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist(wishlistMessages.operationFailed);
  const onList = isLoggedIn && (wishlist.data?.bookId.includes(book.bookId) ?? false);
  const pending = add.isPending || remove.isPending;

  function handleClick() {
    if (!isLoggedIn) {
      requireLogin(wishlistMessages.loginFirst);
      return;
    }
    if (pending) return;
    if (onList) {
      remove.mutate(book.bookId, {
        onSuccess: () => showToast(wishlistMessages.removed, { tone: "success" }),
      });
      return;
    }
    add.mutate(book.bookId, {
      onSuccess: (list) =>
        list.state === ALREADY_PRESENT_STATE
          ? showToast(wishlistMessages.alreadyInWishlist)
          : showToast(wishlistMessages.added, { tone: "success" }),
    });
  }

  return (
    <Button
      variant="ghost"
      className="wishlist-button"
      aria-pressed={onList}
      aria-disabled={pending ? true : undefined}
      onClick={handleClick}
    >
      <HeartIcon />
      Wishlist
    </Button>
  );
}
