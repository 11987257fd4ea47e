import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addToWishlist, removeFromWishlist } from "../api/wishlist-api";
import { applyWishlist } from "../wishlist-store";

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => addToWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => removeFromWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
  });
}
