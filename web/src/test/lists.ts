import type { WireId } from "@folio/contract/common";
import type { Book } from "@folio/contract/catalogue";
import type { BookListState, Cart } from "@folio/contract/lists";
import { borrowMessages } from "@folio/contract/constants";
import type { BorrowResult } from "@folio/contract/loans";
import { penceToPounds } from "@folio/contract/money";
import { sumPence } from "../lib/money";
import { makeBook } from "./books";

/** The cart as POST /api/cart/get (and add, remove, clear) returns it. */
export function makeCart(books: Book[], state = "success"): Cart {
  return {
    state,
    ...(state === "success" ? {} : { message: "This book is already in your cart" }),
    bookId: books.map((book) => book.bookId),
    books,
    total: penceToPounds(sumPence(books.map((book) => book.price))),
  };
}

/** The wishlist as POST /api/wishlist/get (and add, delete) returns it. */
export function makeWishlist(books: Book[], state = "success"): BookListState {
  return {
    state,
    ...(state === "success" ? {} : { message: "This book is already in your wishlist" }),
    bookId: books.map((book) => book.bookId),
    books,
  };
}

const BORROWED_AT = "2029-12-16T12:00:00.000Z";
const DUE_AT = "2030-01-15T12:00:00.000Z";

/**
 * POST /api/borrow/borrow's answer. `lent` are the books lent; the rest of the fields default
 * to a success with nothing refused, as the server words it.
 */
export function makeBorrowResult(
  lent: (number | WireId)[],
  overrides: Partial<BorrowResult> = {},
): BorrowResult {
  const state = overrides.state ?? "success";
  return {
    state,
    message: state === "success" ? borrowMessages.success(lent.length) : "Borrow failed",
    dueDate: lent.length > 0 ? DUE_AT : null,
    balance: 10,
    newPayment: 0,
    InvalidBookIds: [],
    LowStockBookIds: [],
    BorrowedBookIds: [],
    ExceedLimitBookIds: [],
    loans: lent.map((bookId) => ({
      borrowId: String(700 + Number(bookId)),
      bookId: String(bookId),
      borrowDate: BORROWED_AT,
      dueDate: DUE_AT,
      price: 4.99,
    })),
    books: lent.map((bookId) => makeBook(bookId)),
    ...overrides,
  };
}
