import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addToWishlist, removeFromWishlist } from "../api/wishlist-api";
import { wishlistMessages } from "../messages";
import { applyWishlist } from "../wishlist-store";

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => addToWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
    meta: { errorMessage: wishlistMessages.operationFailed },
  });
}

/** `failureMessage`: the heart's failure reads differently from the wish list's (spec §8). */
export function useRemoveFromWishlist(failureMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => removeFromWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
    meta: { errorMessage: failureMessage },
  });
}
