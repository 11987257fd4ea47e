import { wireId } from "@folio/contract/common";
import type { Book, BookDetail } from "@folio/contract/catalogue";
import { borrowMessages, borrowStates, renewMessages } from "@folio/contract/constants";
import type { BookHolds, Hold, HoldStatus } from "@folio/contract/holds";
import type {
  BorrowResult,
  LoanList,
  LoanRecord,
  RenewResult,
  ReturnResult,
} from "@folio/contract/loans";
import type { Executor } from "../../db/client";
import { penceToPounds } from "../../money";
import { coverUrlFor, findBooks } from "../catalogue";
import type { BorrowOutcome, Refusals } from "./borrow";
import type { BookQueue, HoldView } from "./holds";
import type { LoanWithBook, RenewOutcome } from "./loans";
import { statusOf } from "./status";

// The edge of circulation: its outcomes in the spec's shapes (pounds, ids as strings, `state`
// and the spec's messages). Only routes call these; inside, circulation speaks in pence,
// numeric ids, dates and typed outcomes.

/** Why a retired book was not lent: it is among InvalidBookIds, as a book not in the catalogue. */
const NO_LONGER_LENT = "This book is no longer lent";

function failureMessage(refused: Refusals): string {
  const reasons = [
    refused.unknown.length ? `${borrowMessages.invalid} (${refused.unknown.length})` : null,
    refused.retired.length ? `${NO_LONGER_LENT} (${refused.retired.length})` : null,
    refused.lowStock.length ? `${borrowMessages.lowStock} (${refused.lowStock.length})` : null,
    refused.borrowed.length
      ? `${borrowMessages.alreadyBorrowed} (${refused.borrowed.length})`
      : null,
    refused.exceedLimit.length
      ? `${borrowMessages.exceedLimit} (${refused.exceedLimit.length})`
      : null,
  ].filter(Boolean);
  return reasons.join("; ");
}

/** The state and message of a borrow's outcome, in the spec's words. */
export function borrowStateOf(outcome: BorrowOutcome): Pick<BorrowResult, "state" | "message"> {
  switch (outcome.kind) {
    case "lent":
      return {
        state: borrowStates.success,
        message: borrowMessages.success(outcome.loans.length),
      };
    case "insufficient_balance":
      return {
        state: borrowStates.insufficientBalance,
        message: borrowMessages.insufficient(outcome.shortByPence),
      };
    case "borrow_limit":
      return { state: borrowStates.reachBorrowLimit, message: borrowMessages.reachLimit };
    case "licence_spent":
      return { state: borrowStates.exceedLimit, message: borrowMessages.exceedLimit };
    case "none_lent":
      return { state: borrowStates.failed, message: failureMessage(outcome.refused) };
  }
}

/** POST /api/borrow/borrow's answer to a borrow of `bookIds`. */
export async function presentBorrow(
  db: Executor,
  bookIds: number[],
  outcome: BorrowOutcome,
): Promise<BorrowResult> {
  const { refused } = outcome;
  const notLent = new Set([...refused.unknown, ...refused.retired]);
  const lent = outcome.kind === "lent" ? outcome.loans : [];
  return {
    ...borrowStateOf(outcome),
    dueDate: lent[0]?.dueAt.toISOString() ?? null,
    balance: penceToPounds(outcome.balancePence),
    newPayment: outcome.kind === "insufficient_balance" ? penceToPounds(outcome.shortByPence) : 0,
    InvalidBookIds: bookIds.filter((id) => notLent.has(id)).map(wireId),
    LowStockBookIds: refused.lowStock.map(wireId),
    BorrowedBookIds: refused.borrowed.map(wireId),
    ExceedLimitBookIds: refused.exceedLimit.map(wireId),
    loans: lent.map((loan) => ({
      borrowId: wireId(loan.id),
      bookId: wireId(loan.bookId),
      borrowDate: loan.borrowedAt.toISOString(),
      dueDate: loan.dueAt.toISOString(),
      price: penceToPounds(loan.pricePence),
    })),
    books:
      lent.length === 0
        ? []
        : await findBooks(
            db,
            lent.map((loan) => loan.bookId),
          ),
  };
}

export function presentRenew(outcome: RenewOutcome): RenewResult {
  const renewed = outcome.kind === "renewed";
  return {
    state: renewed ? borrowStates.success : borrowStates.insufficientBalance,
    message: renewed ? renewMessages.success : renewMessages.insufficient(outcome.shortByPence),
    borrowId: wireId(outcome.loanId),
    newDueDate: outcome.dueAt.toISOString(),
    fee: penceToPounds(outcome.feePence),
    balance: penceToPounds(outcome.balancePence),
    newPayment: renewed ? 0 : penceToPounds(outcome.shortByPence),
  };
}

export function presentReturn(returned: {
  loanId: number;
  bookId: number;
  returnedAt: Date;
}): ReturnResult {
  return {
    state: "success",
    message: "Book returned",
    borrowId: wireId(returned.loanId),
    bookId: wireId(returned.bookId),
    returnDate: returned.returnedAt.toISOString(),
  };
}

function presentLoan(row: LoanWithBook, now: Date): LoanRecord {
  return {
    borrowId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    bookAuthor: row.author,
    title: row.title,
    author: row.author,
    cover: coverUrlFor(row.bookId),
    borrowDate: row.borrowedAt.toISOString(),
    dueDate: row.dueAt.toISOString(),
    returnDate: row.returnedAt?.toISOString() ?? null,
    status: statusOf(row, now),
    price: penceToPounds(row.pricePence),
    renewalFee: penceToPounds(row.currentPricePence),
  };
}

export async function presentLoanList(
  db: Executor,
  rows: LoanWithBook[],
  now: Date,
): Promise<LoanList> {
  return {
    state: "success",
    data: rows.map((row) => presentLoan(row, now)),
    books: await findBooks(
      db,
      rows.map((row) => row.bookId),
    ),
  };
}

/** One hold as the wire has it, with its book as a list shows it. */
export function presentHold({ hold, position, estimate }: HoldView, book: Book): Hold {
  return {
    holdId: wireId(hold.id),
    bookId: wireId(hold.bookId),
    book,
    status: hold.status as HoldStatus,
    position: position ?? null,
    placedAt: hold.placedAt.toISOString(),
    readyUntil: hold.status === "ready" ? hold.readyUntil!.toISOString() : null,
    estimatedWaitDays: estimate ?? null,
    autoBorrow: hold.autoBorrow,
  };
}

/** Holds as the wire has them, in the order given, with their books. */
export async function presentHolds(db: Executor, views: HoldView[]): Promise<Hold[]> {
  if (views.length === 0) return [];
  const bookList = await findBooks(db, [...new Set(views.map((view) => view.hold.bookId))]);
  const booksById = new Map(bookList.map((book) => [Number(book.bookId), book]));
  return views.flatMap((view) => {
    const book = booksById.get(view.hold.bookId);
    return book ? [presentHold(view, book)] : [];
  });
}

/** What GET /api/books/get adds to the book's detail about its queue. */
export function presentBookQueue(book: BookDetail, queue: BookQueue): BookHolds {
  const answer: BookHolds = {
    holdsWaiting: queue.holdsWaiting,
    estimatedWaitDays: queue.estimatedWaitDays,
  };
  if (queue.myHold !== undefined) {
    // The hold's book is the one answered: its detail less the fields a listed book has not.
    const { state: _state, borrowTimes: _borrowTimes, ...listed } = book;
    answer.myHold = queue.myHold ? presentHold(queue.myHold, listed) : null;
  }
  return answer;
}
