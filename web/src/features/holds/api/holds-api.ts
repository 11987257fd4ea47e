import type { WireId } from "@folio/contract/common";
import type { HoldAnswer, HoldList } from "@folio/contract/holds";
import type { BorrowResult } from "@folio/contract/loans";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";

/** The reader's open holds (ready, then waiting by place), then the last closed ones. */
export async function fetchHolds(signal?: AbortSignal): Promise<HoldList> {
  const list = await apiGet<HoldList>("/api/holds/list", undefined, { signal });
  // A list without its holds is a failed load, not an empty queue.
  if (!Array.isArray(list?.holds)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the holds");
  }
  return list;
}

/** Joins the queue for a book with no copy free; refusals are ApiErrors with the server's words. */
export function placeHold(bookId: WireId, autoBorrow: boolean): Promise<HoldAnswer> {
  return apiPost<HoldAnswer>("/api/holds/place", { bookId, autoBorrow });
}

/** Changes whether a waiting hold is borrowed for the reader when their turn comes. */
export function updateHold(holdId: WireId, autoBorrow: boolean): Promise<HoldAnswer> {
  return apiPost<HoldAnswer>("/api/holds/update", { holdId, autoBorrow });
}

export function cancelHold(holdId: WireId): Promise<unknown> {
  return apiPost<unknown>("/api/holds/cancel", { holdId });
}

/**
 * Borrows the book of a hold (its kept copy when ready): the answer of /api/borrow/borrow, paid
 * from the balance, so the key makes a retry of the same click safe.
 */
export function borrowHold(holdId: WireId, idempotencyKey: string): Promise<BorrowResult> {
  return apiPost<BorrowResult>(
    "/api/holds/borrow",
    { holdId },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}
