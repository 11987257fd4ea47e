import { BORROW_LIMIT } from "@folio/contract/constants";
import { NETWORK_ERROR_MESSAGE } from "../../lib/api-client";
import { formatPounds } from "../../lib/money";

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

/** Spec §8's borrow texts, shared by the book page and the cart. */
export const borrowMessages = {
  loginFirst: "Please login first",
  insufficientBalance: (shortfall: number) =>
    `Your account balance is insufficient. You need to top up ${formatPounds(shortfall)} to borrow this book`,
  reachLimit: `You have reached the maximum borrow limit (${BORROW_LIMIT} books). Please return some books before trying again.`,
  exceedLimit:
    "This book has reached the maximum borrow limit (10 times). Not available for borrowing.",
  invalidBook: "Borrow failed: Invalid book",
  outOfStock: "Out of stock",
  alreadyBorrowed: "You have already borrowed this book",
  failed: "Borrowing failed, please try again later",
  requestFailed: (status: number) => `Borrow request failed: Server returned a ${status} error`,
  network: NETWORK_ERROR_MESSAGE,
  /** The server says "1 book." for one; spec §4 writes the plural form for N. */
  borrowed: (count: number) => `Successfully borrowed ${count} ${count === 1 ? "book" : "books"}.`,
} as const;
