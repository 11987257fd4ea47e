import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TopUpResponse } from "@folio/contract/payments";
import { ApiError } from "../../../lib/api-client";
import { fetchStatement, fetchTopUpLimits, topUp } from "../api/payments-api";
import { paymentMessages } from "../messages";

/** Entries on one page of Payment Records. */
export const STATEMENT_PAGE_SIZE = 10;

export const paymentKeys = {
  all: ["payments"] as const,
  statement: (page: number) => [...paymentKeys.all, "statement", page] as const,
  limits: () => [...paymentKeys.all, "limits"] as const,
};

/**
 * What the server will take as a top-up now, asked on every visit (a top-up elsewhere uses up
 * the day). The form works without it, as the server still refuses what it will not take.
 */
export function useTopUpLimits() {
  return useQuery({
    queryKey: paymentKeys.limits(),
    queryFn: ({ signal }) => fetchTopUpLimits(signal),
    staleTime: 0,
  });
}

/**
 * A page of the statement. Borrows and renewals charge the balance from other features, which
 * cannot reach these keys, so every visit asks again; while the next page loads, the one on
 * screen stays.
 */
export function useStatement(page: number) {
  return useQuery({
    queryKey: paymentKeys.statement(page),
    queryFn: ({ signal }) => fetchStatement(page, STATEMENT_PAGE_SIZE, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorMessage: paymentMessages.historyFailed },
  });
}

interface TopUpVariables {
  amount: number;
  idempotencyKey: string;
}

/**
 * `onToppedUp` runs even when the view has gone by the time the answer comes, so the balance
 * shown everywhere always follows the money.
 */
export function useTopUp(onToppedUp: (result: TopUpResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: TopUpVariables) => topUp(amount, idempotencyKey),
    onSuccess: (result) => {
      onToppedUp(result);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: (error) => {
      // Refused for the day's limit: what is left changed elsewhere, so the form asks again.
      if (error instanceof ApiError && error.code === "TOP_UP_DAILY_LIMIT") {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.limits() });
      }
    },
    meta: {
      // The daily limit's message says how much may still be added today.
      errorMessage: (error) =>
        error instanceof ApiError && error.code === "TOP_UP_DAILY_LIMIT"
          ? error.message
          : paymentMessages.topUpFailed,
    },
  });
}
