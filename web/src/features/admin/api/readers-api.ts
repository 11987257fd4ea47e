import type {
  AdjustBalanceRequest,
  BalanceChange,
  ReaderAnswer,
  ReaderDetail,
  Readers,
  RefundRequest,
  Role,
  readersQuerySchema,
} from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export type ReadersQuery = Partial<z.output<typeof readersQuerySchema>>;

export function fetchReaders(query: ReadersQuery, signal?: AbortSignal): Promise<Readers> {
  return apiGet<Readers>(adminPaths.readers, { ...query }, { signal });
}

export function fetchReader(userId: string, signal?: AbortSignal): Promise<ReaderDetail> {
  return apiGet<ReaderDetail>(adminPaths.reader, { userId }, { signal });
}

export function adjustBalance(request: AdjustBalanceRequest): Promise<BalanceChange> {
  return apiPost<BalanceChange>(adminPaths.adjustBalance, request);
}

export function refundCharge(request: RefundRequest): Promise<BalanceChange> {
  return apiPost<BalanceChange>(adminPaths.refund, request);
}

export function blockReader(userId: string, reason: string): Promise<ReaderAnswer> {
  return apiPost<ReaderAnswer>(adminPaths.block, { userId, reason });
}

export function unblockReader(userId: string): Promise<ReaderAnswer> {
  return apiPost<ReaderAnswer>(adminPaths.unblock, { userId });
}

/** Mails the reader a link to choose a new password, as Forgot password does. */
export function sendPasswordReset(userId: string): Promise<{ state: "success" }> {
  return apiPost<{ state: "success" }>(adminPaths.sendReset, { userId });
}

export function setRole(userId: string, role: Role): Promise<ReaderAnswer> {
  return apiPost<ReaderAnswer>(adminPaths.setRole, { userId, role });
}
