import { CartPage } from "../../features/cart/pages/cart-page";
import { useAfterBorrow } from "./borrow-aftermath";

/** /cart: the cart feature's page, told how to refresh the rest of the app after a borrow. */
export function MyCartPage() {
  const afterBorrow = useAfterBorrow();
  return <CartPage onBorrowed={afterBorrow} />;
}
