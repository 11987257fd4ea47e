import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addToWishlist, removeFromWishlist } from "../api/wishlist-api";
import { applyWishlist } from "../wishlist-store";

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: number) => addToWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: number) => removeFromWishlist(bookId),
    onSuccess: (list) => applyWishlist(queryClient, list),
  });
}
