import type { WireId } from "@folio/contract/common";
import type { BookListState } from "@folio/contract/lists";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { formatPounds } from "../../../lib/money";
import { AvailabilityBadge } from "../../../ui/availability-badge";
import { BookCover } from "../../../ui/book-cover";
import { Button, ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useToast } from "../../../ui/toast";
import { useRemoveFromWishlist } from "../hooks/wishlist-mutations";
import { wishlistMessages } from "../messages";
import { wishlistQuery } from "../wishlist-store";
import "./wishlist-view.css";

const UNKNOWN_BOOK = "Unknown Book";
const UNKNOWN_AUTHOR = "Unknown Author";

/** Profile › Wish List (spec §2): a grid of the saved books with View Details and Remove. */
export function WishlistView() {
  const query = useQuery({
    ...wishlistQuery(),
    meta: { errorMessage: wishlistMessages.loadFailed },
  });
  const remove = useRemoveFromWishlist(wishlistMessages.removeFailed);
  const { showToast } = useToast();
  const containerRef = useRef<HTMLDivElement>(null);
  // After a removal, focus moves to the Remove button now in the same place (or the last one),
  // or to Browse books once the list is empty.
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    const container = containerRef.current;
    if (index === null || !container) return;
    focusAfterRemoval.current = null;
    const buttons = container.querySelectorAll<HTMLElement>(".wishlist-card__remove");
    const target =
      buttons.length > 0
        ? buttons[Math.min(index, buttons.length - 1)]
        : container.querySelector<HTMLElement>(".wishlist__empty a");
    target?.focus();
  }, [query.data]);

  function handleRemove(bookId: WireId, index: number) {
    if (remove.isPending) return;
    focusAfterRemoval.current = index;
    remove.mutate(bookId, {
      onSuccess: () => showToast(wishlistMessages.removed, { tone: "success" }),
      onError: () => {
        focusAfterRemoval.current = null;
      },
    });
  }

  const removing = remove.isPending ? remove.variables : null;
  const renderList = (data: BookListState) => (
    <div ref={containerRef}>
      {data.books.length === 0 ? (
        <div className="wishlist__empty">
          <p>{wishlistMessages.empty}</p>
          <ButtonLink to="/books" variant="secondary" size="sm">
            Browse books
          </ButtonLink>
        </div>
      ) : (
        <ul className="wishlist-grid">
          {data.books.map((book, index) => {
            const title = book.title.trim() || UNKNOWN_BOOK;
            const author = book.author.trim() || UNKNOWN_AUTHOR;
            return (
              <li key={book.bookId} className="wishlist-card">
                <div className="wishlist-card__cover">
                  <BookCover src={book.coverUrl} title={title} width={160} height={240} />
                </div>
                <h3 className="wishlist-card__title">{title}</h3>
                <p className="wishlist-card__author">{author}</p>
                <p className="wishlist-card__availability">
                  <AvailabilityBadge book={book} />
                </p>
                <p className="wishlist-card__price">{formatPounds(book.price)}</p>
                <div className="wishlist-card__actions">
                  <ButtonLink
                    to={`/book/${book.bookId}`}
                    variant="secondary"
                    size="sm"
                    aria-label={`View details of ${title}`}
                  >
                    View Details
                  </ButtonLink>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="wishlist-card__remove"
                    aria-label={`Remove ${title} from wishlist`}
                    aria-disabled={remove.isPending ? true : undefined}
                    onClick={() => handleRemove(book.bookId, index)}
                  >
                    {removing === book.bookId ? "Removing…" : "Remove"}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <QueryState
      query={query}
      loadingLabel="Loading your wish list"
      skeleton={<SkeletonLines shapes={["block"]} />}
      failedMessage={wishlistMessages.loadFailed}
    >
      {renderList}
    </QueryState>
  );
}
