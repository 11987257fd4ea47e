import type { WireId } from "@folio/contract/common";
import type { Book } from "@folio/contract/catalogue";
import type { BorrowResult } from "@folio/contract/loans";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storedBorrowedBooks } from "../../../features/cart/borrowed-books";
import { storedCartItems } from "../../../features/cart/cart-store";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, makeBook, requestUrl } from "../../../test/books";
import { makeBorrowResult, makeCart } from "../../../test/lists";
import { renderWithProviders } from "../../../test/render";
import { CartPage } from "./cart-page";

type Answer = () => Response | Promise<Response>;

const EMMA = makeBook(1, { title: "Emma", author: "Jane Austen", price: 3.5 });
const DRACULA = makeBook(2, { title: "Dracula", author: "Bram Stoker", price: 4.25 });
const ULYSSES = makeBook(3, { title: "Ulysses", author: "James Joyce", price: 6 });

/**
 * The cart API of one reader: the cart holds `books` until a call changes it. A borrow answers
 * `borrow` and, as the server does, takes the lent books out of the cart.
 */
function serveCart(
  books: Book[],
  options: { borrow?: (bookIds: WireId[]) => BorrowResult; answers?: Record<string, Answer> } = {},
) {
  let cart = [...books];
  const fetchMock = fakeApi({
    "/api/cart/get": () => jsonResponse(makeCart(cart)),
    "/api/cart/remove": () => {
      const [, init] = fetchMock.mock.calls.at(-1) ?? [];
      const { bookId } = sentBody(init) as { bookId: WireId };
      cart = cart.filter((book) => book.bookId !== bookId);
      return jsonResponse(makeCart(cart));
    },
    "/api/cart/clear": () => {
      cart = [];
      return jsonResponse(makeCart(cart));
    },
    "/api/borrow/borrow": () => {
      const [, init] = fetchMock.mock.calls.at(-1) ?? [];
      const { bookId } = sentBody(init) as { bookId: WireId | WireId[] };
      const result = (options.borrow ?? ((ids) => makeBorrowResult(ids)))(
        Array.isArray(bookId) ? bookId : [bookId],
      );
      const lent = new Set(result.loans.map((loan) => loan.bookId));
      cart = cart.filter((book) => !lent.has(book.bookId));
      return jsonResponse(result);
    },
    ...options.answers,
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

function renderCart(onBorrowed = vi.fn<(result: BorrowResult) => void>()) {
  renderWithProviders(<CartPage onBorrowed={onBorrowed} />, {
    route: "/cart",
    session: { isLoggedIn: true },
  });
  return onBorrowed;
}

function toast(text: string | RegExp) {
  return within(document.querySelector<HTMLElement>(".toasts")!).findByText(text);
}

const location = () => screen.getByTestId("location");

describe("CartPage", () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it("lists the books with their prices and the total, and removes one", async () => {
    const user = userEvent.setup();
    serveCart([EMMA, DRACULA]);
    renderCart();
    expect(screen.getByRole("heading", { level: 1, name: "My Cart" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Emma" })).toHaveAttribute("href", "/book/1");
    expect(screen.getByRole("img", { name: "Cover of Dracula" })).toBeInTheDocument();
    expect(screen.getByText("Bram Stoker")).toBeInTheDocument();
    expect(screen.getByText("£4.25")).toBeInTheDocument();
    expect(screen.getByText("£7.75")).toBeInTheDocument();
    expect(document.title).toBe("My Cart | Folio");

    await user.click(screen.getByRole("button", { name: "Remove Emma from cart" }));
    await waitFor(() =>
      expect(screen.queryByRole("link", { name: "Emma" })).not.toBeInTheDocument(),
    );
    expect(screen.getByText("£4.25", { selector: "dd" })).toBeInTheDocument();
    expect(storedCartItems.read()).toEqual([expect.objectContaining({ bookId: "2" })]);
    // Focus stays in the list, on the Remove button now in that place.
    expect(screen.getByRole("button", { name: "Remove Dracula from cart" })).toHaveFocus();
  });

  it("says so when an item cannot be removed", async () => {
    const user = userEvent.setup();
    serveCart([EMMA], {
      answers: { "/api/cart/remove": () => new Response("Bad gateway", { status: 502 }) },
    });
    renderCart();
    await user.click(await screen.findByRole("button", { name: "Remove Emma from cart" }));
    expect(await toast("Failed to remove item, please try again")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Emma" })).toBeInTheDocument();
  });

  it("borrows every book, empties the cart and goes to My Books after 1.5 s", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCart([EMMA, DRACULA]);
    const onBorrowed = renderCart();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));

    expect(await toast("Successfully borrowed 2 books.")).toBeInTheDocument();
    const [call] = callsTo(fetchMock, "/api/borrow/borrow");
    expect(sentBody(call?.[1])).toEqual({ bookId: ["1", "2"] });
    expect(new Headers(call?.[1]?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(onBorrowed).toHaveBeenCalledWith(expect.objectContaining({ state: "success" }));
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(storedCartItems.read()).toEqual([]);
    expect(storedBorrowedBooks.read()?.map((book) => book.bookId)).toEqual(["1", "2"]);
    expect(screen.getByText("Taking you to My Books…")).toBeInTheDocument();
    expect(location()).toHaveTextContent("/cart");

    await waitFor(() => expect(location()).toHaveTextContent("/user/books"), { timeout: 2500 });
  });

  it("keeps only the books that could not be lent, with a count per cause", async () => {
    const user = userEvent.setup();
    serveCart([EMMA, DRACULA, ULYSSES], {
      borrow: () => makeBorrowResult([1], { LowStockBookIds: ["2"], BorrowedBookIds: ["3"] }),
    });
    renderCart();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));

    expect(
      await toast(
        "Successfully borrowed 1 book. Not borrowed: 1 out of stock, 1 already borrowed.",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("link", { name: "Emma" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("link", { name: "Dracula" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ulysses" })).toBeInTheDocument();
    expect(screen.getByText("£10.25")).toBeInTheDocument();
    // No redirect: the reader decides what to do with the rest.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(location()).toHaveTextContent("/cart");
  });

  it("sends a reader short of money to Top Up after 1.5 s", async () => {
    const user = userEvent.setup();
    const onBorrowed = vi.fn();
    serveCart([EMMA, DRACULA], {
      borrow: () =>
        makeBorrowResult([], { state: "insufficient balance", balance: 2, newPayment: 5.75 }),
    });
    renderCart(onBorrowed);
    await user.click(await screen.findByRole("button", { name: "Borrow" }));

    expect(
      await toast(
        "Your account balance is insufficient. You need to top up £5.75 to borrow this book",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Emma" })).toBeInTheDocument();
    expect(onBorrowed).not.toHaveBeenCalled();
    await waitFor(() => expect(location()).toHaveTextContent("/user/profile?view=TopUp"), {
      timeout: 2500,
    });
  });

  it.each([
    [
      makeBorrowResult([], { state: "Reach borrow limit" }),
      "You have reached the maximum borrow limit (10 books). Please return some books before trying again.",
    ],
    [
      makeBorrowResult([], {
        state: "Borrow failed.",
        LowStockBookIds: ["1"],
        BorrowedBookIds: ["2"],
      }),
      "Borrow failed: 1 out of stock, 1 already borrowed",
    ],
  ])("explains a borrow that lent nothing: %#", async (answer, message) => {
    const user = userEvent.setup();
    serveCart([EMMA, DRACULA], { borrow: () => answer });
    renderCart();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    expect(await toast(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Emma" })).toBeInTheDocument();
  });

  it("refuses to borrow or clear an empty cart and offers to browse", async () => {
    const user = userEvent.setup();
    const fetchMock = serveCart([]);
    renderCart();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse books" })).toHaveAttribute("href", "/books");
    expect(screen.getByText("£0.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Borrow" }));
    expect(await toast("Cart is empty, cannot borrow")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear cart" }));
    expect(await toast("Cart is empty")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/borrow/borrow")).toHaveLength(0);
    expect(callsTo(fetchMock, "/api/cart/clear")).toHaveLength(0);
  });

  it("clears the cart only after confirmation", async () => {
    const user = userEvent.setup();
    let answerClear: (() => void) | null = null;
    const fetchMock = serveCart([EMMA, DRACULA], {
      answers: {
        "/api/cart/clear": () =>
          new Promise<Response>((resolve) => {
            answerClear = () => resolve(jsonResponse(makeCart([])));
          }),
      },
    });
    renderCart();
    const clear = await screen.findByRole("button", { name: "Clear cart" });

    await user.click(clear);
    let dialog = screen.getByRole("alertdialog", { name: "Confirm Cart Deletion" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/cart/clear")).toHaveLength(0);

    await user.click(clear);
    dialog = screen.getByRole("alertdialog", { name: "Confirm Cart Deletion" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm Delete" }));
    expect(within(dialog).getByRole("button", { name: "Clearing..." })).toBeInTheDocument();
    answerClear!();
    expect(await toast("Cart cleared")).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(storedCartItems.read()).toEqual([]);
  });

  it("keeps the confirmation open with a message when clearing fails", async () => {
    const user = userEvent.setup();
    serveCart([EMMA], {
      answers: { "/api/cart/clear": () => new Response("Bad gateway", { status: 502 }) },
    });
    renderCart();
    await user.click(await screen.findByRole("button", { name: "Clear cart" }));
    const dialog = screen.getByRole("alertdialog", { name: "Confirm Cart Deletion" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to clear cart, please try again later",
    );
    expect(screen.getByRole("link", { name: "Emma" })).toBeInTheDocument();
  });

  it("says so when the cart cannot be loaded", async () => {
    serveCart([], {
      answers: { "/api/cart/get": () => new Response("Bad gateway", { status: 502 }) },
    });
    renderCart();
    const message = "Failed to retrieve shopping cart, please try again later";
    expect(await toast(message)).toBeInTheDocument();
    expect(screen.getByText(message, { selector: ".page__notice p" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
