import type { WireId } from "@folio/contract/common";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useToast } from "../../../ui/toast";
import { fetchLoanHistory, fetchOpenLoans, fetchRenewalFee } from "../api/loans-api";
import { loanMessages } from "../messages";

export const loanKeys = {
  all: ["loans"] as const,
  open: () => [...loanKeys.all, "open"] as const,
  history: () => [...loanKeys.all, "history"] as const,
  renewalFee: (bookId: WireId) => [...loanKeys.all, "renewal-fee", bookId] as const,
};

// Loans also change outside this feature (a borrow on the book page or from the cart), which
// cannot reach these keys, so every visit asks again while showing what it had.
const ALWAYS_STALE = 0;

export function useOpenLoans() {
  return useQuery({
    queryKey: loanKeys.open(),
    queryFn: ({ signal }) => fetchOpenLoans(signal),
    staleTime: ALWAYS_STALE,
  });
}

export function useLoanHistory() {
  return useQuery({
    queryKey: loanKeys.history(),
    queryFn: ({ signal }) => fetchLoanHistory(signal),
    staleTime: ALWAYS_STALE,
  });
}

/** Asked each time the renewal modal opens: a price can change while the list is on screen. */
export function useRenewalFee(bookId: WireId) {
  return useQuery({
    queryKey: loanKeys.renewalFee(bookId),
    queryFn: ({ signal }) => fetchRenewalFee(bookId, signal),
    staleTime: ALWAYS_STALE,
  });
}

/** Spec §8: a failed load of borrowings or history shows a 'please try again later' toast. */
export function useLoadFailureToast(query: Pick<UseQueryResult, "isError" | "errorUpdatedAt">) {
  const { showToast } = useToast();
  const toasted = useRef(0);
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    // One toast per failed load (effects may run twice in development).
    if (!isError || toasted.current === errorUpdatedAt) return;
    toasted.current = errorUpdatedAt;
    showToast(loanMessages.loadFailed, { tone: "error" });
  }, [isError, errorUpdatedAt, showToast]);
}
