import type { WireId } from "@folio/contract/common";
import { MAX_INT32 } from "@folio/contract/constants";

/** No id above the largest PostgreSQL integer can exist, so asking the server is pointless. */
const MAX_ID = MAX_INT32;

/**
 * Parses an id from a path or query string; anything but a positive whole number in digits is
 * null. The id stays text, in the server's form ("007" is "7"), so it equals the ids it sends.
 */
export function parseRouteId(raw: string | null | undefined): WireId | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? String(id) : null;
}
