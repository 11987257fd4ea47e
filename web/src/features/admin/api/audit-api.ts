import type { AuditList, auditQuerySchema } from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export type AuditQuery = Partial<z.output<typeof auditQuerySchema>>;

export function fetchAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditList> {
  return apiGet<AuditList>(adminPaths.audit, { ...query }, { signal });
}
