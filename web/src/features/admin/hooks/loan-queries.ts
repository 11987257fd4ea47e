import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchLoans, type LoansQuery } from "../api/loans-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useAdminLoans(query: LoansQuery) {
  return useQuery({
    queryKey: adminKeys.loanList(query),
    queryFn: ({ signal }) => fetchLoans(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
