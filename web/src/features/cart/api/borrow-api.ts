import type { WireId } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import { apiPost } from "../../../lib/api-client";

/**
 * Borrows the books, paid from the balance. Business outcomes (short balance, limits, books that
 * cannot be lent) answer 200 with a state; the key makes a retry of the same click safe.
 */
export function borrowBooks(bookIds: WireId[], idempotencyKey: string): Promise<BorrowResult> {
  return apiPost<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: bookIds.length === 1 ? bookIds[0] : bookIds },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}
