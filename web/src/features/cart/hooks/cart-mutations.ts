import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addToCart, clearCart, removeFromCart } from "../api/cart-api";
import { applyCart } from "../cart-store";
import { cartMessages } from "../messages";

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => addToCart(bookId),
    onSuccess: (cart) => applyCart(queryClient, cart),
    meta: { errorMessage: cartMessages.addFailed },
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => removeFromCart(bookId),
    onSuccess: (cart) => applyCart(queryClient, cart),
    meta: { errorMessage: cartMessages.removeFailed },
  });
}

/** Its failure shows in the confirmation dialog. */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => applyCart(queryClient, cart),
  });
}
