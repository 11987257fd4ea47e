import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TopUpResponse } from "@folio/contract/payments";
import { ApiError } from "../../../lib/api-client";
import { fetchPaymentHistory, topUp } from "../api/payments-api";
import { paymentMessages } from "../messages";

export const paymentKeys = {
  all: ["payments"] as const,
  history: () => [...paymentKeys.all, "history"] as const,
};

export function usePaymentHistory() {
  return useQuery({
    queryKey: paymentKeys.history(),
    queryFn: ({ signal }) => fetchPaymentHistory(signal),
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
    meta: {
      // The daily limit's message says how much may still be added today.
      errorMessage: (error) =>
        error instanceof ApiError && error.code === "TOP_UP_DAILY_LIMIT"
          ? error.message
          : paymentMessages.topUpFailed,
    },
  });
}
