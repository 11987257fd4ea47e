import { borrowMessages as sharedBorrowMessages } from "@folio/contract/constants";
import { NETWORK_ERROR_MESSAGE } from "../../lib/api-client";

/** The cart's user-facing texts; spec §8's are word for word. */
export const cartMessages = {
  loginToAdd: "Please login to add items to cart",
  addFailed: "Failed to add to cart",
  loadFailed: "Failed to retrieve shopping cart, please try again later",
  removeFailed: "Failed to remove item, please try again",
  cleared: "Cart cleared",
  clearFailed: "Failed to clear cart, please try again later",
  emptyCannotBorrow: "Cart is empty, cannot borrow",
  empty: "Cart is empty",
  // Not in the spec: texts for moments it leaves open.
  added: "Added to cart",
  alreadyInCart: "This book is already in your cart",
  removed: (title: string) => `Removed ${title} from your cart`,
} as const;

/**
 * Spec §8's borrow texts, shared by the book page and the cart: the server's own (limits, causes,
 * success, short balance) from the contract, and those only the web app writes.
 */
export const borrowMessages = {
  ...sharedBorrowMessages,
  loginFirst: "Please login first",
  failed: "Borrowing failed, please try again later",
  requestFailed: (status: number) => `Borrow request failed: Server returned a ${status} error`,
  network: NETWORK_ERROR_MESSAGE,
  // Not in the spec: the success modal names what the borrow took from the balance.
  charged: (amount: string, balance: string) => `${amount} charged, balance ${balance}`,
} as const;
