import type { WireId } from "@folio/contract/common";
import type { Hold, HoldList } from "@folio/contract/holds";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FailureMeta } from "../../../lib/query-meta";
import { useSession } from "../../../lib/session";
import { fetchHolds } from "../api/holds-api";

export const holdKeys = {
  all: ["holds"] as const,
  list: () => [...holdKeys.all, "list"] as const,
};

/** A hold turns ready when someone else returns a copy: the header looks again this often. */
export const HOLDS_POLL_MS = 60_000;

export function holdsQuery() {
  return queryOptions({
    queryKey: holdKeys.list(),
    queryFn: ({ signal }) => fetchHolds(signal),
  });
}

export function isOpenHold(hold: Pick<Hold, "status">): boolean {
  return hold.status === "waiting" || hold.status === "ready";
}

const countReady = (list: HoldList) => list.holds.filter((hold) => hold.status === "ready").length;

/**
 * My Books › Holds. Holds change outside this screen (a copy freed, a hold lapsing, a borrow),
 * so every visit asks again while showing what it had. `meta`: the list says when it cannot load.
 */
export function useHolds(meta?: FailureMeta) {
  return useQuery({ ...holdsQuery(), staleTime: 0, meta });
}

/**
 * How many of a member's holds are ready, for the header: asked on start, every minute while
 * the page is shown and whenever the reader comes back to it (perhaps from the mail saying a
 * hold is ready, so however fresh the answer is); a failure shows nothing rather than a toast.
 */
export function useReadyHoldCount(): number {
  const { isLoggedIn } = useSession();
  const { data } = useQuery({
    ...holdsQuery(),
    enabled: isLoggedIn,
    refetchOnWindowFocus: "always",
    refetchInterval: HOLDS_POLL_MS,
    select: countReady,
  });
  return isLoggedIn ? (data ?? 0) : 0;
}

/**
 * The reader's open hold on a book. The book's own answer says (`myHold`) when it was asked with
 * the reader's token; one fetched before they logged in does not, and then their list does.
 */
export function useMyHold(book: { bookId: WireId; myHold?: Hold | null | undefined }): Hold | null {
  const { isLoggedIn } = useSession();
  const fromBook = book.myHold;
  const { data: fromList } = useQuery({
    ...holdsQuery(),
    enabled: isLoggedIn && fromBook === undefined,
    select: (list) => list.holds.find((hold) => hold.bookId === book.bookId && isOpenHold(hold)),
  });
  if (!isLoggedIn) return null;
  const hold = fromBook === undefined ? fromList : fromBook;
  return hold && isOpenHold(hold) ? hold : null;
}
