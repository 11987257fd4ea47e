import type { Statement, TopUpLimits, TopUpResponse } from "@folio/contract/payments";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";

/** Adds money to the balance; the key makes a retry of the same confirmation safe. */
export function topUp(amount: number, idempotencyKey: string): Promise<TopUpResponse> {
  return apiPost<TopUpResponse>(
    "/api/payments/topup",
    { amount },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** What the reader may top up now; an answer without the figures is a failed load. */
export async function fetchTopUpLimits(signal?: AbortSignal): Promise<TopUpLimits> {
  const limits = await apiGet<TopUpLimits>("/api/payments/limits", undefined, { signal });
  const figures = [limits?.maxAmount, limits?.dailyLimit, limits?.leftToday];
  if (!figures.every((figure) => typeof figure === "number" && Number.isFinite(figure))) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the top-up limits");
  }
  return limits;
}

/** One page of the reader's statement, newest first. A page without its entries is a failed load. */
export async function fetchStatement(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Statement> {
  const statement = await apiPost<Statement>(
    "/api/payments/statement",
    { page, pageSize },
    { signal },
  );
  if (!Array.isArray(statement?.entries)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the payment records");
  }
  return statement;
}
