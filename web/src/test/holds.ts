import type { WireId } from "@folio/contract/common";
import type { Hold, HoldList } from "@folio/contract/holds";
import { makeBook } from "./books";

/**
 * A hold as GET /api/holds/list (and POST /api/holds/place) returns it: by default the reader is
 * second in the queue for book `n`, with a wait of one to two weeks.
 */
export function makeHold(n: number | WireId, overrides: Partial<Hold> = {}): Hold {
  const book = makeBook(n);
  const status = overrides.status ?? "waiting";
  return {
    holdId: String(900 + Number(n)),
    bookId: book.bookId,
    book,
    status,
    position: status === "waiting" ? 2 : null,
    placedAt: "2029-12-20T09:00:00.000Z",
    readyUntil: status === "ready" ? "2030-01-14T18:00:00.000Z" : null,
    estimatedWaitDays: status === "waiting" ? { low: 7, high: 14 } : null,
    autoBorrow: false,
    ...overrides,
  };
}

export function makeHoldList(holds: Hold[]): HoldList {
  return { state: "success", holds };
}
