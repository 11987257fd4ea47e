import type {
  AdminMailDetail,
  AdminMailList,
  adminMailAnswerSchema,
  adminMailQuerySchema,
} from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export type AdminMailQuery = Partial<z.output<typeof adminMailQuerySchema>>;
export type AdminMailAnswer = z.infer<typeof adminMailAnswerSchema>;

export function fetchMails(query: AdminMailQuery, signal?: AbortSignal): Promise<AdminMailList> {
  return apiGet<AdminMailList>(adminPaths.mails, { ...query }, { signal });
}

export function fetchMail(mailId: string, signal?: AbortSignal): Promise<AdminMailDetail> {
  return apiGet<AdminMailDetail>(adminPaths.mail, { mailId }, { signal });
}

/** Puts a failed or waiting mail back at the front of the outbox. */
export function retryMail(mailId: string): Promise<AdminMailAnswer> {
  return apiPost<AdminMailAnswer>(adminPaths.retryMail, { mailId });
}
