import type { Role } from "@folio/contract/admin";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adjustBalance,
  blockReader,
  fetchReader,
  fetchReaders,
  refundCharge,
  sendPasswordReset,
  setRole,
  unblockReader,
  type ReadersQuery,
} from "../api/readers-api";
import { endLoan } from "../api/loans-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useReaders(query: ReadersQuery) {
  return useQuery({
    queryKey: adminKeys.readerList(query),
    queryFn: ({ signal }) => fetchReaders(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useReader(userId: string) {
  return useQuery({
    queryKey: adminKeys.reader(userId),
    queryFn: ({ signal }) => fetchReader(userId, signal),
    staleTime: ADMIN_STALE_MS,
  });
}

/** After a change to a reader: their page, the list and the figures that count them. */
function useReaderChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.readers() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.loans() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
  };
}

export function useAdjustBalance() {
  const changed = useReaderChanged();
  return useMutation({ mutationFn: adjustBalance, onSuccess: changed });
}

export function useRefund() {
  const changed = useReaderChanged();
  return useMutation({ mutationFn: refundCharge, onSuccess: changed });
}

export function useBlockReader() {
  const changed = useReaderChanged();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      blockReader(userId, reason),
    onSuccess: changed,
  });
}

export function useUnblockReader() {
  const changed = useReaderChanged();
  return useMutation({ mutationFn: unblockReader, onSuccess: changed });
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordReset,
    // The reset mail joins the outbox.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.mails() }),
  });
}

export function useSetRole() {
  const changed = useReaderChanged();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSuccess: changed,
  });
}

export function useEndLoan() {
  const changed = useReaderChanged();
  return useMutation({
    mutationFn: ({ loanId, reason }: { loanId: string; reason: string }) => endLoan(loanId, reason),
    onSuccess: changed,
  });
}
