import type { WireId } from "@folio/contract/common";
import type { BookDetail } from "@folio/contract/catalogue";
import type { LoanList, RenewResult, ReturnResult } from "@folio/contract/loans";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";

function unreadable(what: string): ApiError {
  return new ApiError(200, "INVALID_RESPONSE", `The server did not return ${what}`);
}

/** A list without its records is a failed load, not an empty shelf. */
function checkedList(list: LoanList | undefined): LoanList {
  if (!Array.isArray(list?.data)) throw unreadable("the loans");
  return list;
}

/** Open loans (borrowed or overdue), soonest due first. */
export async function fetchOpenLoans(signal?: AbortSignal): Promise<LoanList> {
  return checkedList(await apiPost<LoanList>("/api/borrow/borrowlist", undefined, { signal }));
}

/** Every loan, newest first. */
export async function fetchLoanHistory(signal?: AbortSignal): Promise<LoanList> {
  return checkedList(await apiPost<LoanList>("/api/borrow/history", undefined, { signal }));
}

/** The renewal fee: the book's price now (design §4), which may differ from what the loan cost. */
export async function fetchRenewalFee(bookId: WireId, signal?: AbortSignal): Promise<number> {
  const book = await apiGet<BookDetail>("/api/books/get", { bookId }, { signal });
  if (typeof book?.price !== "number" || !Number.isFinite(book.price)) {
    throw unreadable("the book's price");
  }
  return book.price;
}

/** Charges the fee, so the key makes a retry of the same confirmation safe. */
export function renewLoan(bookId: WireId, idempotencyKey: string): Promise<RenewResult> {
  return apiPost<RenewResult>(
    "/api/borrow/renew",
    { bookId },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}

export function returnLoan(bookId: WireId): Promise<ReturnResult> {
  return apiPost<ReturnResult>("/api/borrow/return", { bookId });
}
