import type { WireId } from "@folio/contract/common";
import type { BookDetailWithHolds } from "@folio/contract/holds";
import { renewMessages } from "@folio/contract/constants";
import type { LoanList, LoanRecord } from "@folio/contract/loans";
import { penceToPounds, poundsToPence } from "@folio/contract/money";
import { vi } from "vitest";
import { shortfallPence } from "../lib/money";
import { makeUserInfo } from "./accounts";
import { jsonResponse, makeBook, requestUrl } from "./books";

/** A loan as POST /api/borrow/borrowlist and /api/borrow/history return it. */
export function makeLoan(n: number | WireId, overrides: Partial<LoanRecord> = {}): LoanRecord {
  const book = makeBook(n);
  const bookId = book.bookId;
  const title = overrides.title ?? book.title;
  const author = overrides.author ?? book.author;
  return {
    borrowId: String(500 + Number(n)),
    bookId,
    bookTitle: title,
    bookAuthor: author,
    title,
    author,
    cover: `/api/books/${bookId}/cover.svg`,
    borrowDate: "2029-12-16T12:00:00.000Z",
    dueDate: "2030-01-15T12:00:00.000Z",
    returnDate: null,
    status: "borrowed",
    price: book.price,
    renewalFee: book.price,
    ...overrides,
  };
}

export function makeLoanList(loans: LoanRecord[]): LoanList {
  return {
    state: "success",
    data: loans,
    books: loans.map((loan) => makeBook(loan.bookId, { title: loan.title, author: loan.author })),
  };
}

/** A book as GET /api/books/get answers a reader: nobody queues for it, nor does the reader. */
export function makeBookDetail(
  bookId: number | WireId,
  overrides: Partial<BookDetailWithHolds> = {},
): BookDetailWithHolds {
  return {
    ...makeBook(bookId),
    state: "success",
    borrowTimes: 1,
    holdsWaiting: 0,
    estimatedWaitDays: null,
    myHold: null,
    ...overrides,
  };
}

interface FakeLoanServerOptions {
  open?: LoanRecord[];
  /** Defaults to the open loans. */
  history?: LoanRecord[];
  balance?: number;
  /** The price GET /api/books/get answers, which is the renewal fee. */
  price?: number;
  /** Replaces the answer to a path (a failure, or a request that never ends). */
  override?: Record<string, () => Response | Promise<Response>>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const CHANGING_PATHS = new Set(["/api/borrow/renew", "/api/borrow/return", "/api/borrow/borrow"]);

/**
 * A fetch that behaves like the loans API of one reader: renewals charge the balance and move
 * the due date, returns close the loan. `calls` lists each request's method and path.
 */
export function fakeLoanServer(options: FakeLoanServerOptions = {}) {
  let open = [...(options.open ?? [])];
  let history = [...(options.history ?? options.open ?? [])];
  let balance = options.balance ?? 20;
  const price = options.price ?? 4.99;
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];

  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, headers: new Headers(init?.headers), body });
    const override = options.override?.[url.pathname];
    if (override) return Promise.resolve(override());
    // The server takes an id as a number or a string of digits, and answers with strings.
    const bookId = String((body as { bookId?: unknown } | undefined)?.bookId);
    const loan = open.find((item) => item.bookId === bookId);
    const notFound = () =>
      jsonResponse(
        { state: "error", code: "LOAN_NOT_FOUND", message: "You have no open loan of this book." },
        404,
      );
    switch (url.pathname) {
      case "/api/users/info":
        return Promise.resolve(jsonResponse(makeUserInfo({ balance })));
      case "/api/borrow/borrowlist":
        return Promise.resolve(jsonResponse(makeLoanList(open)));
      case "/api/borrow/history":
        return Promise.resolve(jsonResponse(makeLoanList(history)));
      case "/api/books/get":
        return Promise.resolve(
          jsonResponse(makeBookDetail(url.searchParams.get("bookId") ?? "", { price })),
        );
      case "/api/borrow/renew": {
        if (!loan) return Promise.resolve(notFound());
        if (price > balance) {
          const shortfall = shortfallPence(price, balance);
          return Promise.resolve(
            jsonResponse({
              state: "insufficient balance",
              message: renewMessages.insufficient(shortfall),
              borrowId: loan.borrowId,
              newDueDate: loan.dueDate,
              fee: price,
              balance,
              newPayment: penceToPounds(shortfall),
            }),
          );
        }
        const due = new Date(
          Math.max(new Date(loan.dueDate).getTime(), Date.now()) + 30 * DAY_MS,
        ).toISOString();
        balance = penceToPounds(poundsToPence(balance) - poundsToPence(price));
        const renew = (item: LoanRecord) =>
          item.borrowId === loan.borrowId
            ? { ...item, dueDate: due, status: "borrowed" as const }
            : item;
        open = open.map(renew);
        history = history.map(renew);
        return Promise.resolve(
          jsonResponse({
            state: "success",
            message: renewMessages.success,
            borrowId: loan.borrowId,
            newDueDate: due,
            fee: price,
            balance,
            newPayment: 0,
          }),
        );
      }
      case "/api/borrow/return": {
        if (!loan) return Promise.resolve(notFound());
        const returnDate = new Date().toISOString();
        open = open.filter((item) => item.borrowId !== loan.borrowId);
        history = history.map((item) =>
          item.borrowId === loan.borrowId
            ? { ...item, status: "returned" as const, returnDate }
            : item,
        );
        return Promise.resolve(
          jsonResponse({
            state: "success",
            message: "Book returned",
            borrowId: loan.borrowId,
            bookId,
            returnDate,
          }),
        );
      }
      default:
        return Promise.resolve(
          jsonResponse({ state: "error", code: "NOT_FOUND", message: "Not found" }, 404),
        );
    }
  });

  return {
    fetch,
    calls,
    /** Requests that change something on the server. */
    changes: () => calls.filter((call) => CHANGING_PATHS.has(call.path)),
  };
}
