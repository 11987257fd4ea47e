import type { Book } from "@folio/contract/catalogue";
import { CartPage } from "../../features/cart/pages/cart-page";
import { PlaceHoldsOffer } from "../../features/holds/components/place-holds-offer";
import { useAfterBorrow } from "./borrow-aftermath";

/** The holds feature's offer for the books a cart borrow found no copy of. */
const renderNoCopyLeft = (books: Book[]) => <PlaceHoldsOffer books={books} />;

/**
 * /cart: the cart feature's page, told how to refresh the rest of the app after a borrow and
 * what to offer for books with no copy left.
 */
export function MyCartPage() {
  const afterBorrow = useAfterBorrow();
  return <CartPage onBorrowed={afterBorrow} renderNoCopyLeft={renderNoCopyLeft} />;
}
