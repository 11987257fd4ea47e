import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { borrowStates } from "@folio/contract/constants";
import type { BorrowResult } from "@folio/contract/loans";
import { useCallback } from "react";
import { useIdempotencyKeys } from "../../../lib/use-idempotency-keys";
import { borrowBooks } from "../api/borrow-api";
import { rememberBorrowed } from "../borrowed-books";
import { dropFromCart } from "../cart-store";

/**
 * The call that borrows: POST /api/borrow/borrow, unless the page lends through another route
 * that answers the same way (a hold's borrow, /api/holds/borrow).
 */
export type BorrowRequest = (bookIds: WireId[], idempotencyKey: string) => Promise<BorrowResult>;

interface BorrowVariables {
  bookIds: WireId[];
  idempotencyKey: string;
}

/**
 * Borrows books (from the book page or the whole cart). Pressing again after a dropped
 * connection repeats the same request with the same key, so it can never lend or charge twice.
 */
export function useBorrowBooks(request: BorrowRequest = borrowBooks): {
  borrow: (bookIds: WireId[]) => Promise<BorrowResult>;
  isPending: boolean;
} {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ bookIds, idempotencyKey }: BorrowVariables) => request(bookIds, idempotencyKey),
    onSuccess: (result) => {
      if (result.state !== borrowStates.success || result.loans.length === 0) return;
      rememberBorrowed(result);
      dropFromCart(
        queryClient,
        result.loans.map((loan) => loan.bookId),
      );
    },
  });

  const borrow = useCallback(
    async (bookIds: WireId[]) => {
      // The same books in any order are the same borrow; ids sort as text, which is enough here.
      const idempotencyKey = keys.keyFor(JSON.stringify([...bookIds].sort()));
      try {
        const result = await mutateAsync({ bookIds, idempotencyKey });
        keys.settle();
        return result;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    [keys, mutateAsync],
  );

  return { borrow, isPending };
}
