import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { makeBorrowResult } from "../../test/lists";
import {
  borrowOutcome,
  borrowRequestFailure,
  describeNotLent,
  notLentCount,
  oneBookNotLent,
} from "./borrow-outcome";

describe("borrowOutcome", () => {
  it("reads a partial success: what was lent and why the rest was not", () => {
    const outcome = borrowOutcome(
      makeBorrowResult([1, 2], {
        LowStockBookIds: ["3"],
        BorrowedBookIds: ["4"],
        InvalidBookIds: ["9"],
      }),
    );
    expect(outcome).toMatchObject({ kind: "lent", lentIds: ["1", "2"] });
    if (outcome.kind !== "lent") return;
    expect(notLentCount(outcome.notLent)).toBe(3);
    expect(describeNotLent(outcome.notLent)).toBe("1 invalid, 1 out of stock, 1 already borrowed");
  });

  it("reads each refusal", () => {
    expect(
      borrowOutcome(makeBorrowResult([], { state: "insufficient balance", newPayment: 2.5 })),
    ).toEqual({ kind: "insufficientBalance", shortfall: 2.5 });
    expect(borrowOutcome(makeBorrowResult([], { state: "Reach borrow limit" }))).toEqual({
      kind: "reachLimit",
    });
    expect(borrowOutcome(makeBorrowResult([], { state: "exceed_limit" }))).toEqual({
      kind: "exceedLimit",
    });
    const failed = borrowOutcome(
      makeBorrowResult([], {
        state: "Borrow failed.",
        ExceedLimitBookIds: ["1"],
        LowStockBookIds: ["2"],
      }),
    );
    expect(failed.kind).toBe("notLent");
    if (failed.kind !== "notLent") return;
    expect(describeNotLent(failed.notLent)).toBe(
      "1 out of stock, 1 no longer available for borrowing",
    );
  });

  it("names one book's cause in the spec's words", () => {
    const none = { invalid: [], outOfStock: [], alreadyBorrowed: [], licenceSpent: [] };
    expect(oneBookNotLent({ ...none, invalid: ["1"] })).toBe("Borrow failed: Invalid book");
    expect(oneBookNotLent({ ...none, outOfStock: ["1"] })).toBe("Out of stock");
    expect(oneBookNotLent({ ...none, alreadyBorrowed: ["1"] })).toBe(
      "You have already borrowed this book",
    );
  });
});

describe("borrowRequestFailure", () => {
  it("gives the status, the lost connection, or nothing for a 401", () => {
    expect(borrowRequestFailure(new ApiError(500, "HTTP_500", "x"))).toBe(
      "Borrow request failed: Server returned a 500 error",
    );
    expect(borrowRequestFailure(new ApiError(0, "NETWORK", "x"))).toBe(
      "Unable to connect to server. Please check your network connection",
    );
    expect(borrowRequestFailure(new ApiError(401, "UNAUTHORIZED", "x"))).toBeNull();
    expect(borrowRequestFailure(new Error("boom"))).toBe(
      "Borrowing failed, please try again later",
    );
  });
});
