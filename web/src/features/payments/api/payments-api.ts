import type { PaymentHistory, TopUpResponse } from "@folio/contract/payments";
import { ApiError, apiPost } from "../../../lib/api-client";

/** Adds money to the balance; the key makes a retry of the same confirmation safe. */
export function topUp(amount: number, idempotencyKey: string): Promise<TopUpResponse> {
  return apiPost<TopUpResponse>(
    "/api/payments/topup",
    { amount },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** The reader's top-ups, newest first. A list without its records is a failed load. */
export async function fetchPaymentHistory(signal?: AbortSignal): Promise<PaymentHistory> {
  const history = await apiPost<PaymentHistory>("/api/payments/history", undefined, { signal });
  if (!Array.isArray(history?.data)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the payment records");
  }
  return history;
}
