import type { WireId } from "@folio/contract/common";
import { useQuery } from "@tanstack/react-query";
import type { FailureMeta } from "../../../lib/query-meta";
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

/** Spec §8: a failed load of borrowings or history shows a 'please try again later' toast. */
export const LOAN_LIST_FAILURE: FailureMeta = { errorMessage: loanMessages.loadFailed };

/**
 * `meta`: the lists of loans say when they cannot load; the book page's check does not.
 * `enabled`: false for a visitor, who has none.
 */
export function useOpenLoans(meta?: FailureMeta, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: loanKeys.open(),
    queryFn: ({ signal }) => fetchOpenLoans(signal),
    staleTime: ALWAYS_STALE,
    meta,
    enabled,
  });
}

export function useLoanHistory() {
  return useQuery({
    queryKey: loanKeys.history(),
    queryFn: ({ signal }) => fetchLoanHistory(signal),
    staleTime: ALWAYS_STALE,
    meta: LOAN_LIST_FAILURE,
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
