import type { WireId } from "@folio/contract/common";
import { useQuery } from "@tanstack/react-query";
import type { Book } from "@folio/contract/catalogue";
import type { Cart } from "@folio/contract/lists";
import type { BorrowResult } from "@folio/contract/loans";
import { poundsToPence } from "@folio/contract/money";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { availabilityOf } from "../../../lib/availability";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatPenceAsPounds, formatPounds, sumPence } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { BookCover } from "../../../ui/book-cover";
import { Button, ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useToast } from "../../../ui/toast";
import {
  borrowOutcome,
  borrowRequestFailure,
  describeNotLent,
  notLentCount,
} from "../borrow-outcome";
import { cartQuery } from "../cart-store";
import { MY_BOOKS_PATH } from "../components/borrow-button";
import { ClearCartDialog } from "../components/clear-cart-dialog";
import { useRemoveFromCart } from "../hooks/cart-mutations";
import { useBorrowBooks } from "../hooks/use-borrow-books";
import { borrowMessages, cartMessages } from "../messages";
import "./cart-page.css";

/** Spec §9: the cart moves on 1.5 s after a borrow, once its message has been read. */
export const CART_REDIRECT_MS = 1500;
/** A partial borrow's message names several causes; give it time to be read. */
const LONG_TOAST_MS = 6000;

const UNKNOWN_BOOK = "Unknown Book";
const UNKNOWN_AUTHOR = "Unknown Author";

interface CartPageProps {
  /** Called after books were lent, so the app can refresh what a loan changes elsewhere. */
  onBorrowed: (result: BorrowResult) => void;
  /**
   * What to offer for the books a borrow found no copy of (LowStockBookIds): the app puts the
   * holds feature's "Place hold" here.
   */
  renderNoCopyLeft?: (books: Book[]) => ReactNode;
}

/** /cart, My Cart (spec §2): the books, their total, Borrow (all of them) and Clear cart. */
export function CartPage({ onBorrowed, renderNoCopyLeft }: CartPageProps) {
  useDocumentTitle("My Cart");
  const query = useQuery({ ...cartQuery(), meta: { errorMessage: cartMessages.loadFailed } });
  const cart = query.data;
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { borrow, isPending: borrowing } = useBorrowBooks();
  const [clearing, setClearing] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  // The books the last borrow found no copy of, as the cart held them then.
  const [noCopyLeft, setNoCopyLeft] = useState<Book[]>([]);
  const cartRef = useRef<HTMLDivElement>(null);
  // After a removal, focus moves to the Remove button now in the same place (or the last one),
  // or to Browse books once the cart is empty, so it never falls back to the top of the page.
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    const container = cartRef.current;
    if (index === null || !container) return;
    focusAfterRemoval.current = null;
    const buttons = container.querySelectorAll<HTMLElement>(".cart-item__remove");
    const target =
      buttons.length > 0
        ? buttons[Math.min(index, buttons.length - 1)]
        : container.querySelector<HTMLElement>(".cart__empty a");
    target?.focus();
  }, [cart]);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => void navigate(redirectTo), CART_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  const busy = borrowing || redirectTo !== null;

  async function handleBorrow(current: Cart) {
    if (busy) return;
    if (current.bookId.length === 0) {
      showToast(cartMessages.emptyCannotBorrow, { tone: "warning" });
      return;
    }
    setNoCopyLeft([]);
    let result: BorrowResult;
    try {
      result = await borrow(current.bookId);
    } catch (error) {
      const message = borrowRequestFailure(error);
      if (message) showToast(message, { tone: "error" });
      return;
    }
    const outcome = borrowOutcome(result);
    if (outcome.kind === "lent" || outcome.kind === "notLent") {
      const outOfStock = new Set(outcome.notLent.outOfStock);
      setNoCopyLeft(current.books.filter((book) => outOfStock.has(book.bookId)));
    }
    switch (outcome.kind) {
      case "lent": {
        onBorrowed(result);
        const lent = borrowMessages.success(outcome.lentIds.length);
        if (notLentCount(outcome.notLent) === 0) {
          showToast(lent, { tone: "success" });
          setRedirectTo(MY_BOOKS_PATH);
        } else {
          // Only the books that could not be lent stay in the cart.
          showToast(`${lent} Not borrowed: ${describeNotLent(outcome.notLent)}.`, {
            tone: "warning",
            durationMs: LONG_TOAST_MS,
          });
        }
        return;
      }
      case "insufficientBalance":
        showToast(borrowMessages.insufficient(poundsToPence(outcome.shortfall)), {
          tone: "error",
        });
        setRedirectTo(profileViewPath("TopUp"));
        return;
      case "reachLimit":
        showToast(borrowMessages.reachLimit, { tone: "error", durationMs: LONG_TOAST_MS });
        return;
      case "exceedLimit":
        showToast(borrowMessages.exceedLimit, { tone: "error", durationMs: LONG_TOAST_MS });
        return;
      case "notLent":
        showToast(`Borrow failed: ${describeNotLent(outcome.notLent)}`, {
          tone: "error",
          durationMs: LONG_TOAST_MS,
        });
        return;
      case "other":
        showToast(outcome.message, { tone: "error" });
    }
  }

  function handleClear(current: Cart) {
    if (busy) return;
    if (current.bookId.length === 0) {
      showToast(cartMessages.empty, { tone: "warning" });
      return;
    }
    setClearing(true);
  }

  const renderCart = (cart: Cart) => (
    <div className="cart" ref={cartRef}>
      <section className="cart__items" aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" className="visually-hidden">
          Books in your cart
        </h2>
        {noCopyLeft.length > 0 && renderNoCopyLeft?.(noCopyLeft)}
        {cart.books.length === 0 ? (
          <div className="cart__empty">
            <p>Your cart is empty.</p>
            <ButtonLink to="/books" variant="secondary">
              Browse books
            </ButtonLink>
          </div>
        ) : (
          <CartItems
            cart={cart}
            disabled={busy}
            onRemoving={(index) => {
              focusAfterRemoval.current = index;
            }}
            onRemoveFailed={() => {
              focusAfterRemoval.current = null;
            }}
          />
        )}
      </section>
      <section className="cart__summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading" className="cart__summary-title">
          Summary
        </h2>
        <dl className="cart__totals">
          <div>
            <dt>Books</dt>
            <dd>{cart.books.length}</dd>
          </div>
          <div className="cart__total">
            <dt>Total</dt>
            <dd>{formatPenceAsPounds(sumPence(cart.books.map((book) => book.price)))}</dd>
          </div>
        </dl>
        <div className="cart__actions">
          <Button aria-disabled={busy ? true : undefined} onClick={() => void handleBorrow(cart)}>
            {borrowing ? "Borrowing…" : "Borrow"}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={busy ? true : undefined}
            onClick={() => handleClear(cart)}
          >
            Clear cart
          </Button>
        </div>
        {redirectTo && (
          <p className="cart__redirect" role="status">
            {redirectTo === MY_BOOKS_PATH ? "Taking you to My Books…" : "Taking you to Top Up…"}
          </p>
        )}
      </section>
      {clearing && <ClearCartDialog count={cart.books.length} onClose={() => setClearing(false)} />}
    </div>
  );

  return (
    <div className="page">
      <header className="page__header">
        <h1>My Cart</h1>
      </header>
      <QueryState
        query={query}
        loadingLabel="Loading your cart"
        skeleton={<SkeletonLines shapes={["block", "block"]} />}
        failedMessage={cartMessages.loadFailed}
      >
        {renderCart}
      </QueryState>
    </div>
  );
}

interface CartItemsProps {
  cart: Cart;
  disabled: boolean;
  /** Called as a removal starts, with the item's place in the list. */
  onRemoving: (index: number) => void;
  onRemoveFailed: () => void;
}

function CartItems({ cart, disabled, onRemoving, onRemoveFailed }: CartItemsProps) {
  const remove = useRemoveFromCart();
  const { showToast } = useToast();
  const removing = remove.isPending ? remove.variables : null;

  function handleRemove(bookId: WireId, index: number, title: string) {
    if (disabled || remove.isPending) return;
    onRemoving(index);
    remove.mutate(bookId, {
      onSuccess: () => showToast(cartMessages.removed(title), { tone: "success" }),
      onError: onRemoveFailed,
    });
  }

  return (
    <ul className="cart-items">
      {cart.books.map((book, index) => {
        const title = book.title.trim() || UNKNOWN_BOOK;
        const author = book.author.trim() || UNKNOWN_AUTHOR;
        const isRemoving = removing === book.bookId;
        const availability = availabilityOf(book);
        return (
          <li key={book.bookId} className="cart-item">
            <BookCover
              src={book.coverUrl}
              title={title}
              width={72}
              height={108}
              className="cart-item__cover"
            />
            <div className="cart-item__info">
              <h3 className="cart-item__title">
                <Link to={`/book/${book.bookId}`}>{title}</Link>
              </h3>
              <p className="cart-item__author">{author}</p>
              <p className="cart-item__quantity">Quantity: 1</p>
              {availability.kind !== "available" && (
                <p className="cart-item__unavailable">{availability.reason}</p>
              )}
            </div>
            <p className="cart-item__price">{formatPounds(book.price)}</p>
            <Button
              variant="ghost"
              size="sm"
              className="cart-item__remove"
              aria-label={`Remove ${title} from cart`}
              aria-disabled={disabled || remove.isPending ? true : undefined}
              onClick={() => handleRemove(book.bookId, index, title)}
            >
              {isRemoving ? "Removing…" : "Remove"}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
