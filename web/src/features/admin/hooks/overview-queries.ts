import { useQuery } from "@tanstack/react-query";
import { fetchOverview } from "../api/overview-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => fetchOverview(signal),
    staleTime: ADMIN_STALE_MS,
  });
}
