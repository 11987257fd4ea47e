import type { WireId } from "@folio/contract/common";
import type { Progress } from "@folio/contract/reading";
import { removeStoredWhere, storedUuid } from "../../lib/storage";

/**
 * The last position kept in this browser as well as on the server, so a failed save or an
 * offline moment does not lose the place. Keyed by account, so a shared browser keeps each
 * reader's place apart.
 */
export interface SavedPosition {
  locator: string;
  percentage: number | null;
  /** ISO time of the save, to pick the newer of this and the server's copy. */
  savedAt: string;
}

/** Where a reader was in each book; private, so forgotten on logout. */
const POSITION_PREFIX = "readingPosition:";

function positionKey(bookId: WireId): string {
  return `${POSITION_PREFIX}${storedUuid.read() ?? "me"}:${bookId}`;
}

function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the fallback; the server keeps the position.
  }
}

export function readLocalPosition(bookId: WireId): SavedPosition | null {
  const value = readJson(positionKey(bookId));
  if (typeof value !== "object" || value === null) return null;
  const { locator, percentage, savedAt } = value as Partial<SavedPosition>;
  if (typeof locator !== "string" || locator === "" || typeof savedAt !== "string") return null;
  return { locator, percentage: typeof percentage === "number" ? percentage : null, savedAt };
}

export function writeLocalPosition(bookId: WireId, position: SavedPosition): void {
  writeJson(positionKey(bookId), position);
}

/** The newer of the server's and this browser's positions, or null for a first opening. */
export function newestPosition(
  server: Progress | null,
  local: SavedPosition | null,
): SavedPosition | null {
  const fromServer =
    server?.locator && server.updatedAt
      ? { locator: server.locator, percentage: server.percentage, savedAt: server.updatedAt }
      : null;
  if (!fromServer) return local;
  if (!local) return fromServer;
  return Date.parse(local.savedAt) > Date.parse(fromServer.savedAt) ? local : fromServer;
}

/** Every reader's places in this browser (logout, account deletion). */
export function forgetReadingPositions(): void {
  removeStoredWhere((key) => key.startsWith(POSITION_PREFIX));
}
