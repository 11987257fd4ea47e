import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchBookHolds, fetchHoldQueues, type HoldQueuesQuery } from "../api/holds-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useAdminHoldQueues(query: HoldQueuesQuery) {
  return useQuery({
    queryKey: adminKeys.holdQueues(query),
    queryFn: ({ signal }) => fetchHoldQueues(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminBookHolds(bookId: string) {
  return useQuery({
    queryKey: adminKeys.bookHolds(bookId),
    queryFn: ({ signal }) => fetchBookHolds(bookId, signal),
    staleTime: ADMIN_STALE_MS,
  });
}
