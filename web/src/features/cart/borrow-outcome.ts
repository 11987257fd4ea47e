import type { WireId } from "@folio/contract/common";
import { borrowStates } from "@folio/contract/constants";
import type { BorrowResult } from "@folio/contract/loans";
import { ApiError, isSessionEnd } from "../../lib/api-client";
import { borrowMessages } from "./messages";

/** The books a borrow could not lend, by cause (design §4). */
export interface NotLent {
  invalid: WireId[];
  outOfStock: WireId[];
  alreadyBorrowed: WireId[];
  /** The book's lending licence is spent (lent 10 times in all). */
  licenceSpent: WireId[];
}

export type BorrowOutcome =
  /** Some or all books were lent; `notLent` says why the rest were not. */
  | { kind: "lent"; lentIds: WireId[]; notLent: NotLent; dueDate: string | null }
  | { kind: "insufficientBalance"; shortfall: number }
  | { kind: "reachLimit" }
  | { kind: "exceedLimit" }
  /** Nothing could be lent ('Borrow failed.'). */
  | { kind: "notLent"; notLent: NotLent }
  | { kind: "other"; message: string };

/** A list of ids from the answer, as text whatever form it came in (decision 015). */
const ids = (value: unknown): WireId[] =>
  Array.isArray(value) ? value.map((id: unknown) => String(id)) : [];

function notLentOf(result: BorrowResult): NotLent {
  return {
    invalid: ids(result.InvalidBookIds),
    outOfStock: ids(result.LowStockBookIds),
    alreadyBorrowed: ids(result.BorrowedBookIds),
    licenceSpent: ids(result.ExceedLimitBookIds),
  };
}

export function notLentCount(notLent: NotLent): number {
  return (
    notLent.invalid.length +
    notLent.outOfStock.length +
    notLent.alreadyBorrowed.length +
    notLent.licenceSpent.length
  );
}

/** Reads the borrow answer's state and lists (spec §4) into one outcome. */
export function borrowOutcome(result: BorrowResult): BorrowOutcome {
  switch (result.state) {
    case borrowStates.success:
      return {
        kind: "lent",
        lentIds: (Array.isArray(result.loans) ? result.loans : []).map((loan) => loan.bookId),
        notLent: notLentOf(result),
        dueDate: result.dueDate ?? null,
      };
    case borrowStates.insufficientBalance:
      return { kind: "insufficientBalance", shortfall: result.newPayment };
    case borrowStates.reachBorrowLimit:
      return { kind: "reachLimit" };
    case borrowStates.exceedLimit:
      return { kind: "exceedLimit" };
    case borrowStates.failed:
      return { kind: "notLent", notLent: notLentOf(result) };
    default:
      return { kind: "other", message: result.message || borrowMessages.failed };
  }
}

/** The cart's counts per cause: "1 out of stock, 1 already borrowed". */
export function describeNotLent(notLent: NotLent): string {
  return [
    notLent.invalid.length ? `${notLent.invalid.length} invalid` : null,
    notLent.outOfStock.length ? `${notLent.outOfStock.length} out of stock` : null,
    notLent.alreadyBorrowed.length ? `${notLent.alreadyBorrowed.length} already borrowed` : null,
    notLent.licenceSpent.length
      ? `${notLent.licenceSpent.length} no longer available for borrowing`
      : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** Why one book could not be lent, in spec §8's words. */
export function oneBookNotLent(notLent: NotLent): string {
  if (notLent.alreadyBorrowed.length) return borrowMessages.alreadyBorrowed;
  if (notLent.licenceSpent.length) return borrowMessages.exceedLimit;
  if (notLent.outOfStock.length) return borrowMessages.lowStock;
  if (notLent.invalid.length) return borrowMessages.invalid;
  return borrowMessages.failed;
}

/**
 * Spec §8's texts for a borrow request that got no business answer, or null when it ended the
 * session: the query client is taking the person to log in, where no message should follow.
 */
export function borrowRequestFailure(error: unknown): string | null {
  if (isSessionEnd(error)) return null;
  if (!(error instanceof ApiError)) return borrowMessages.failed;
  if (error.status === 0) return borrowMessages.network;
  if (error.code === "INVALID_RESPONSE") return borrowMessages.failed;
  return borrowMessages.requestFailed(error.status);
}
