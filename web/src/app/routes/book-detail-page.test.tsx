import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storedBorrowedBooks } from "../../features/cart/borrowed-books";
import { storedCartItems } from "../../features/cart/cart-store";
import { readCachedBook } from "../../features/catalogue/book-cache";
import { fakeApi, sentBody } from "../../test/accounts";
import { jsonResponse, makeBook, requestUrl } from "../../test/books";
import { makeBorrowResult, makeCart, makeWishlist } from "../../test/lists";
import { makeBookDetail, makeLoan, makeLoanList } from "../../test/loans";
import { renderWithProviders } from "../../test/render";
import { BookDetailPage } from "./book-detail-page";

describe("BookDetailPage", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  function serveBook(overrides: Parameters<typeof makeBook>[1] = {}) {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).pathname === "/api/reviews/book"
          ? jsonResponse({ state: "success", commentIds: [], reviews: [] })
          : jsonResponse({ state: "success", ...makeBook(1, overrides), borrowTimes: 2 }),
      ),
    );
  }

  it("shows the book with its price, copies, rating and links", async () => {
    serveBook({ title: "Moby-Dick", availableCopies: 2, totalCopies: 5, rating: 4.2 });
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });

    expect(await screen.findByRole("heading", { level: 1, name: "Moby-Dick" })).toBeInTheDocument();
    expect(screen.getByText("£4.99")).toBeInTheDocument();
    expect(screen.getByText("2/5")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rated 4.2 out of 5" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Herman Melville" })).toHaveAttribute(
      "href",
      "/search?author=Herman+Melville",
    );
    expect(screen.getByRole("link", { name: "Adventure" })).toHaveAttribute("href", "/category/1");
    expect(await screen.findByText("No reviews yet. Be the first to review!")).toBeInTheDocument();
    expect(document.title).toBe("Moby-Dick | Folio");
    expect(readCachedBook("1")).toMatchObject({ bookId: "1", title: "Moby-Dick", price: 4.99 });
  });

  it("asks a visitor to log in before adding to the cart, borrowing or reading", async () => {
    const user = userEvent.setup();
    serveBook();
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });
    const addToCart = await screen.findByRole("button", { name: "Add to cart" });

    await user.click(addToCart);
    const dialog = screen.getByRole("dialog", { name: "Login required" });
    expect(dialog).toHaveTextContent("Please login to add items to cart");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(addToCart).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Borrow" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("Please login first");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Login" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("uses the placeholders for a book without title, author or rating", async () => {
    serveBook({ title: "", author: " ", rating: null, ratingCount: 0 });
    renderWithProviders(<BookDetailPage />, { route: "/book/1", path: "/book/:id" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unknown Book" }),
    ).toBeInTheDocument();
    expect(screen.getByText("by Unknown Author")).toBeInTheDocument();
    expect(screen.getByText("No ratings yet")).toBeInTheDocument();
  });

  it("explains why an unknown book cannot be shown", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "BOOK_NOT_FOUND", message: "No book has id 999" }, 404),
    );
    renderWithProviders(<BookDetailPage />, { route: "/book/999", path: "/book/:id" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Unable to load book details: No book has id 999",
    );
    expect(screen.queryByRole("heading", { name: "Reviews" })).not.toBeInTheDocument();
  });

  it("does not ask the server about an id that cannot exist", () => {
    renderWithProviders(<BookDetailPage />, { route: "/book/abc", path: "/book/:id" });
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to load book details:");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("BookDetailPage for a member", () => {
  type Answer = () => Response | Promise<Response>;

  /** The book page's calls for a logged-in reader; `answers` replaces any of them. */
  function serveMember(answers: Record<string, Answer> = {}) {
    let copies = 3;
    const fetchMock = fakeApi({
      "/api/books/get": () => jsonResponse(makeBookDetail(1, { availableCopies: copies })),
      "/api/borrow/borrowlist": () => jsonResponse(makeLoanList([])),
      "/api/wishlist/get": () => jsonResponse(makeWishlist([])),
      "/api/borrow/borrow": () => {
        copies -= 1;
        return jsonResponse(makeBorrowResult([1], { balance: 15.01 }));
      },
      ...answers,
    });
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
    return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
  }

  function renderMemberPage() {
    return renderWithProviders(<BookDetailPage />, {
      route: "/book/1",
      path: "/book/:id",
      session: { isLoggedIn: true },
    });
  }

  it("borrows the book: success modal, then 'Already Borrowed' and fresh copies", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMember();
    renderMemberPage();
    expect(await screen.findByText("3/5")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Borrow" }));
    const dialog = await screen.findByRole("dialog", { name: "Borrow successful" });
    expect(dialog).toHaveTextContent("It is due back on 15 January 2030.");
    // What the borrow took from the balance, from its answer (issue 45).
    expect(within(dialog).getByText("£4.99 charged, balance £15.01")).toBeInTheDocument();
    const [call] = callsTo(fetchMock, "/api/borrow/borrow");
    expect(sentBody(call?.[1])).toEqual({ bookId: "1" });
    expect(new Headers(call?.[1]?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);

    const borrowed = screen.getByRole("button", { name: "Already Borrowed" });
    expect(borrowed).toHaveAttribute("aria-disabled", "true");
    // The book is fetched again for its copies; the wishlist, which lent books leave, too.
    expect(await screen.findByText("2/5")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, "/api/wishlist/get")).toHaveLength(2));
    expect(storedBorrowedBooks.read()).toEqual([
      expect.objectContaining({ bookId: "1", dueDate: "2030-01-15T12:00:00.000Z" }),
    ]);

    // The success modal closes by itself after 3 s.
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByRole("button", { name: "Already Borrowed" })).toBeInTheDocument();
  });

  it("draws a member's page once their loans are known, so Borrow does not turn over", async () => {
    let answerLoans: () => void = () => undefined;
    serveMember({
      "/api/borrow/borrowlist": () =>
        new Promise<Response>((resolve) => {
          answerLoans = () => resolve(jsonResponse(makeLoanList([makeLoan(1)])));
        }),
    });
    renderMemberPage();
    // The book has come (it is kept in the per-book cache as it arrives); the loans have not.
    await waitFor(() => expect(readCachedBook("1")).not.toBeNull());
    expect(screen.getByText("Loading book details")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Borrow" })).not.toBeInTheDocument();
    answerLoans();
    expect(await screen.findByRole("button", { name: "Already Borrowed" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });

  it("makes Borrow the main action, before a secondary Add to cart", async () => {
    serveMember();
    renderMemberPage();
    const borrow = await screen.findByRole("button", { name: "Borrow" });
    const addToCart = screen.getByRole("button", { name: "Add to cart" });
    expect(borrow).toHaveClass("button--primary");
    expect(addToCart).toHaveClass("button--secondary");
    expect(screen.getByRole("button", { name: /^Read / })).toHaveClass("button--secondary");
    expect(
      borrow.compareDocumentPosition(addToCart) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("asks to borrow a book not on loan before reading it, and borrows it from there", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMember();
    renderMemberPage();
    await screen.findByText("3/5");
    await user.click(screen.getByRole("button", { name: /^Read / }));
    const required = screen.getByRole("dialog", { name: "Borrow required" });
    expect(required).toHaveTextContent("You need to borrow this book first before reading it");
    expect(within(required).getAllByRole("button", { name: "Close" })).not.toHaveLength(0);
    expect(callsTo(fetchMock, "/api/books/content")).toHaveLength(0);

    await user.click(within(required).getByRole("button", { name: "Borrow" }));
    const success = await screen.findByRole("dialog", { name: "Borrow successful" });
    expect(success).toHaveTextContent("You have borrowed");
    expect(sentBody(callsTo(fetchMock, "/api/borrow/borrow")[0]?.[1])).toEqual({ bookId: "1" });
    expect(screen.getByRole("button", { name: "Already Borrowed" })).toBeInTheDocument();
  });

  it("offers only Close before reading a book that cannot be lent now", async () => {
    const user = userEvent.setup();
    serveMember({
      "/api/books/get": () =>
        jsonResponse(makeBookDetail(1, { availableCopies: 1, totalCopies: 1, lendsLeft: 0 })),
    });
    renderMemberPage();
    await screen.findByText("1/1");
    await user.click(screen.getByRole("button", { name: /^Read / }));
    const required = screen.getByRole("dialog", { name: "Borrow required" });
    expect(within(required).queryByRole("button", { name: "Borrow" })).not.toBeInTheDocument();
  });

  it("offers Read now once the book is lent, which opens it in the reader", async () => {
    const user = userEvent.setup();
    serveMember({
      "/api/books/content": () =>
        jsonResponse({ state: "success", contentURL: "/api/content/1.epub?sig=abc" }),
    });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    const dialog = await screen.findByRole("dialog", { name: "Borrow successful" });
    await user.click(within(dialog).getByRole("button", { name: "Read now" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(
        `/reader?url=${encodeURIComponent("/api/content/1.epub?sig=abc")}&bookId=1`,
      ),
    );
  });

  it.each([
    [
      "a spent lending licence",
      { availableCopies: 1, totalCopies: 1, lendsLeft: 0 },
      "This book cannot be lent any more: its lending licence is spent.",
    ],
  ])("disables Borrow and Add to cart with the reason for %s", async (_cause, book, reason) => {
    const user = userEvent.setup();
    const fetchMock = serveMember({
      "/api/books/get": () => jsonResponse(makeBookDetail(1, book)),
    });
    renderMemberPage();
    const borrow = await screen.findByRole("button", { name: "Borrow" });
    const addToCart = screen.getByRole("button", { name: "Add to cart" });
    for (const button of [borrow, addToCart]) {
      expect(button).toHaveAttribute("aria-disabled", "true");
      expect(button).toHaveAccessibleDescription(reason);
      await user.click(button);
    }
    expect(callsTo(fetchMock, "/api/borrow/borrow")).toHaveLength(0);
    expect(callsTo(fetchMock, "/api/cart/add")).toHaveLength(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says a book whose licence is spent is no longer lent, beside its free copies", async () => {
    serveMember({
      "/api/books/get": () =>
        jsonResponse(makeBookDetail(1, { availableCopies: 1, totalCopies: 1, lendsLeft: 0 })),
    });
    renderMemberPage();
    expect(await screen.findByText("1/1")).toBeInTheDocument();
    expect(screen.getByText("No longer lent")).toBeInTheDocument();
  });

  it("disables Add to cart for a book the reader has on loan, with the reason", async () => {
    serveMember({
      "/api/borrow/borrowlist": () => jsonResponse(makeLoanList([makeLoan(1)])),
    });
    renderMemberPage();
    await screen.findByRole("button", { name: "Already Borrowed" });
    const addToCart = screen.getByRole("button", { name: "Add to cart" });
    expect(addToCart).toHaveAttribute("aria-disabled", "true");
    expect(addToCart).toHaveAccessibleDescription("You already have this book on loan.");
  });

  it("offers a top-up with the shortfall in pounds when the balance is too low", async () => {
    const user = userEvent.setup();
    serveMember({
      "/api/borrow/borrow": () =>
        jsonResponse(
          makeBorrowResult([], { state: "insufficient balance", balance: 0.5, newPayment: 4.49 }),
        ),
    });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));

    const dialog = await screen.findByRole("dialog", { name: "Insufficient balance" });
    expect(dialog).toHaveTextContent(
      "Your account balance is insufficient. You need to top up £4.49 to borrow this book",
    );
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Top up" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=TopUp");
  });

  it("shows 'Already Borrowed' for a book the reader has on loan", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMember({
      "/api/borrow/borrowlist": () => jsonResponse(makeLoanList([makeLoan(1)])),
    });
    renderMemberPage();
    const button = await screen.findByRole("button", { name: "Already Borrowed" });
    expect(button).toHaveAttribute("aria-disabled", "true");

    // Pressing it only repeats the warning, with the way to My Books.
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Already borrowed" });
    expect(dialog).toHaveTextContent("You have already borrowed this book");
    await user.click(within(dialog).getByRole("button", { name: "View My Books" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/books");
    expect(callsTo(fetchMock, "/api/borrow/borrow")).toHaveLength(0);
  });

  it("says so when the server finds the book already on loan", async () => {
    const user = userEvent.setup();
    serveMember({
      "/api/borrow/borrow": () =>
        jsonResponse(makeBorrowResult([], { state: "Borrow failed.", BorrowedBookIds: ["1"] })),
    });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    const dialog = await screen.findByRole("dialog", { name: "Already borrowed" });
    expect(dialog).toHaveTextContent("You have already borrowed this book");
    // The action, not the corner cross, which has the same name.
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.getByRole("button", { name: "Already Borrowed" })).toHaveFocus();
  });

  it.each([
    [
      "the reader's limit",
      makeBorrowResult([], { state: "Reach borrow limit" }),
      "You have reached the maximum borrow limit (10 books). Please return some books before trying again.",
    ],
    [
      "the book's licence",
      makeBorrowResult([], { state: "exceed_limit", ExceedLimitBookIds: ["1"] }),
      "This book has reached the maximum borrow limit (10 times). Not available for borrowing.",
    ],
    [
      "no copy left",
      makeBorrowResult([], { state: "Borrow failed.", LowStockBookIds: ["1"] }),
      "Out of stock",
    ],
  ])("explains a refusal because of %s", async (_cause, answer, message) => {
    const user = userEvent.setup();
    serveMember({ "/api/borrow/borrow": () => jsonResponse(answer) });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    expect(await screen.findByRole("alertdialog", { name: "Unable to borrow" })).toHaveTextContent(
      message,
    );
    expect(screen.getByRole("button", { name: "Borrow" })).toBeInTheDocument();
  });

  it("reports a failed request by its status, or a lost connection", async () => {
    const user = userEvent.setup();
    let answer: Answer = () => new Response("Bad gateway", { status: 502 });
    serveMember({ "/api/borrow/borrow": () => answer() });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Borrow request failed: Server returned a 502 error",
    );
    await user.keyboard("{Escape}");

    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await user.click(screen.getByRole("button", { name: "Borrow" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Unable to connect to server. Please check your network connection",
    );
  });

  it("adds to the cart: adding, then 'Added to cart', and the header's cart follows", async () => {
    const user = userEvent.setup();
    let answerCart: () => void = () => undefined;
    const fetchMock = serveMember({
      "/api/cart/add": () =>
        new Promise<Response>((resolve) => {
          answerCart = () => resolve(jsonResponse(makeCart([makeBook(1)])));
        }),
    });
    const announced = vi.fn();
    window.addEventListener("cart-updated", announced);
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Add to cart" }));
    expect(screen.getByRole("button", { name: "Adding…" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    answerCart();
    expect(await screen.findByRole("button", { name: "Added to cart" })).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/cart/add")[0]?.[1])).toEqual({ bookId: "1" });
    expect(storedCartItems.read()).toEqual([expect.objectContaining({ bookId: "1" })]);
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener("cart-updated", announced);
  });

  it("says when the book is already in the cart, and when adding fails", async () => {
    const user = userEvent.setup();
    let answer: Answer = () => jsonResponse(makeCart([makeBook(1)], " exist."));
    serveMember({ "/api/cart/add": () => answer() });
    renderMemberPage();
    await user.click(await screen.findByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("This book is already in your cart")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeInTheDocument();

    answer = () => new Response("Bad gateway", { status: 502 });
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Failed to add to cart")).toBeInTheDocument();
  });

  it("toggles the wishlist heart", async () => {
    const user = userEvent.setup();
    let answerAdd: Answer = () => jsonResponse(makeWishlist([makeBook(1)]));
    let answerDelete: Answer = () => jsonResponse(makeWishlist([]));
    serveMember({
      "/api/wishlist/add": () => answerAdd(),
      "/api/wishlist/delete": () => answerDelete(),
    });
    renderMemberPage();
    const heart = await screen.findByRole("button", { name: "Wishlist" });
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    await user.click(heart);
    expect(await screen.findByText("Removed from wishlist")).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));

    // Added meanwhile in another tab: the server says so, and the heart catches up.
    answerAdd = () => jsonResponse(makeWishlist([makeBook(1)], " exist."));
    await user.click(heart);
    expect(await screen.findByText("This book is already in your wishlist")).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));

    answerDelete = () => new Response("Bad gateway", { status: 502 });
    await user.click(heart);
    expect(await screen.findByText("Operation failed, please try again later")).toBeInTheDocument();
    expect(heart).toHaveAttribute("aria-pressed", "true");
  });
});
