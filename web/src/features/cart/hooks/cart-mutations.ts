import type { WireId } from "@folio/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addToCart, clearCart, removeFromCart } from "../api/cart-api";
import { applyCart } from "../cart-store";

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => addToCart(bookId),
    onSuccess: (cart) => applyCart(queryClient, cart),
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: WireId) => removeFromCart(bookId),
    onSuccess: (cart) => applyCart(queryClient, cart),
  });
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => applyCart(queryClient, cart),
  });
}
