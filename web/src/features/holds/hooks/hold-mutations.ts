import type { WireId } from "@folio/contract/common";
import type { BookHolds, Hold, HoldList } from "@folio/contract/holds";
import type { BorrowResult } from "@folio/contract/loans";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { isSessionEnd, serverMessage } from "../../../lib/api-client";
import { bookQueryKey } from "../../../lib/catalogue-query-keys";
import { borrowHold, cancelHold, placeHold, updateHold } from "../api/holds-api";
import { holdKeys } from "./hold-queries";

/**
 * The book's page shows the change at once (its Place hold must not be pressed twice), then the
 * book, whose queue and free copies moved, and the reader's holds are asked for again.
 */
function showHoldChange(queryClient: QueryClient, bookId: WireId, myHold: Hold | null) {
  queryClient.setQueryData<BookHolds>(bookQueryKey(bookId), (book) =>
    book ? { ...book, myHold } : book,
  );
}

function refreshAfterHoldChange(queryClient: QueryClient, bookId: WireId) {
  void queryClient.invalidateQueries({ queryKey: bookQueryKey(bookId) });
  void queryClient.invalidateQueries({ queryKey: holdKeys.all });
}

export interface PlaceHoldVariables {
  bookId: WireId;
  autoBorrow: boolean;
}

/** Places one hold; a refusal (COPY_AVAILABLE, HOLD_EXISTS…) also refreshes the book. */
export function usePlaceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, autoBorrow }: PlaceHoldVariables) => placeHold(bookId, autoBorrow),
    onSuccess: (answer, { bookId }) => showHoldChange(queryClient, bookId, answer.hold),
    onSettled: (_answer, _error, { bookId }) => refreshAfterHoldChange(queryClient, bookId),
  });
}

/** What placing a hold on one of several books came to. */
export type PlaceOutcome =
  | { bookId: WireId; placed: true; hold: Hold }
  | { bookId: WireId; placed: false; error: unknown; message: string | null };

/**
 * Places holds on several books, one after another (the limit of open holds then refuses the
 * same ones however often it is tried). Each book's refusal is its own outcome; only the end of
 * the session stops the run, for the query client to answer.
 */
export function usePlaceHolds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookIds, autoBorrow }: { bookIds: WireId[]; autoBorrow: boolean }) => {
      const outcomes: PlaceOutcome[] = [];
      for (const bookId of bookIds) {
        try {
          const answer = await placeHold(bookId, autoBorrow);
          outcomes.push({ bookId, placed: true, hold: answer.hold });
        } catch (error) {
          if (isSessionEnd(error)) throw error;
          outcomes.push({ bookId, placed: false, error, message: serverMessage(error) });
        } finally {
          refreshAfterHoldChange(queryClient, bookId);
        }
      }
      return outcomes;
    },
  });
}

/**
 * Turns "Borrow it for me" on or off on a waiting hold. The answer is the hold as it stands: the
 * book's page and the reader's list show it at once, then both are asked for again (a refusal
 * means the hold is no longer waiting).
 */
export function useUpdateHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      hold,
      autoBorrow,
    }: {
      hold: Pick<Hold, "holdId" | "bookId">;
      autoBorrow: boolean;
    }) => updateHold(hold.holdId, autoBorrow),
    onSuccess: (answer, { hold }) => {
      showHoldChange(queryClient, hold.bookId, answer.hold);
      queryClient.setQueryData<HoldList>(holdKeys.list(), (list) =>
        list
          ? {
              ...list,
              holds: list.holds.map((held) =>
                held.holdId === answer.hold.holdId ? answer.hold : held,
              ),
            }
          : list,
      );
    },
    onSettled: (_answer, _error, { hold }) => refreshAfterHoldChange(queryClient, hold.bookId),
  });
}

export function useCancelHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hold: Pick<Hold, "holdId" | "bookId">) => cancelHold(hold.holdId),
    onSuccess: (_answer, { bookId }) => showHoldChange(queryClient, bookId, null),
    onSettled: (_answer, _error, { bookId }) => refreshAfterHoldChange(queryClient, bookId),
  });
}

/**
 * The request that borrows a hold's book, in the shape of a borrow (the cart feature's Borrow
 * button sends it and reads the answer). Whatever it answers, the book and the holds are asked
 * for again: a refusal may mean the hold lapsed or was passed on meanwhile.
 */
export function useHoldBorrowRequest(): (
  hold: Pick<Hold, "holdId" | "bookId">,
) => (bookIds: WireId[], idempotencyKey: string) => Promise<BorrowResult> {
  const queryClient = useQueryClient();
  return useCallback(
    (hold) => async (_bookIds, idempotencyKey) => {
      try {
        return await borrowHold(hold.holdId, idempotencyKey);
      } finally {
        refreshAfterHoldChange(queryClient, hold.bookId);
      }
    },
    [queryClient],
  );
}
