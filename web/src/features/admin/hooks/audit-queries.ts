import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchAudit, type AuditQuery } from "../api/audit-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => fetchAudit(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
