import type {
  AdminBookHolds,
  AdminHoldQueues,
  adminHoldQueuesQuerySchema,
} from "@folio/contract/holds";
import type { z } from "zod";
import { apiGet } from "../../../lib/api-client";
import { adminPaths } from "./paths";

export type HoldQueuesQuery = Partial<z.output<typeof adminHoldQueuesQuerySchema>>;

/** Books with open holds, the longest queue against its copies first. */
export function fetchHoldQueues(
  query: HoldQueuesQuery,
  signal?: AbortSignal,
): Promise<AdminHoldQueues> {
  return apiGet<AdminHoldQueues>(adminPaths.holdQueues, { ...query }, { signal });
}

/** One book's holds: open ones in queue order, then the last closed ones. */
export function fetchBookHolds(bookId: string, signal?: AbortSignal): Promise<AdminBookHolds> {
  return apiGet<AdminBookHolds>(adminPaths.bookHolds, { bookId }, { signal });
}
