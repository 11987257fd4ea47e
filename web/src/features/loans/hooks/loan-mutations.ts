import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { borrowStates } from "@folio/contract/constants";
import type { LoanList, LoanRecord } from "@folio/contract/loans";
import { ApiError } from "../../../lib/api-client";
import { renewLoan, returnLoan } from "../api/loans-api";
import { loanKeys } from "./loan-queries";

type LoanChange = (loans: LoanRecord[]) => LoanRecord[];

/** Applies the server's answer to both lists at once, so no screen waits for a reload. */
function changeCachedLoans(queryClient: QueryClient, open: LoanChange, history: LoanChange) {
  const apply = (change: LoanChange) => (list: LoanList | undefined) =>
    list ? { ...list, data: change(list.data) } : list;
  queryClient.setQueryData<LoanList>(loanKeys.open(), apply(open));
  queryClient.setQueryData<LoanList>(loanKeys.history(), apply(history));
}

/** A 404 means the loan is no longer open (returned elsewhere or automatically): refresh. */
function refreshWhenGone(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 404) {
    void queryClient.invalidateQueries({ queryKey: loanKeys.all });
  }
}

export function useRenewLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, idempotencyKey }: { bookId: WireId; idempotencyKey: string }) =>
      renewLoan(bookId, idempotencyKey),
    onSuccess: (result) => {
      if (result.state !== borrowStates.success) return;
      // A renewed loan is due in the future again, so an overdue one is plain borrowed.
      const renew: LoanChange = (loans) =>
        loans.map((loan) =>
          loan.borrowId === result.borrowId
            ? { ...loan, dueDate: result.newDueDate, status: "borrowed" }
            : loan,
        );
      changeCachedLoans(queryClient, renew, renew);
    },
    onError: (error) => refreshWhenGone(queryClient, error),
  });
}

export function useReturnLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => returnLoan(bookId),
    onSuccess: (result) => {
      changeCachedLoans(
        queryClient,
        (loans) => loans.filter((loan) => loan.borrowId !== result.borrowId),
        (loans) =>
          loans.map((loan) =>
            loan.borrowId === result.borrowId
              ? { ...loan, status: "returned", returnDate: result.returnDate }
              : loan,
          ),
      );
    },
    onError: (error) => refreshWhenGone(queryClient, error),
  });
}
