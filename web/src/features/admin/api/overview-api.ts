import type { Overview } from "@folio/contract/admin";
import { apiGet } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export function fetchOverview(signal?: AbortSignal): Promise<Overview> {
  return apiGet<Overview>(adminPaths.overview, undefined, { signal });
}
