import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { useSession } from "../../../lib/session";
import { subscribeToStorage } from "../../../lib/storage";
import {
  announcesNewList,
  CART_UPDATED_EVENT,
  cartKeys,
  cartQuery,
  storedCartItems,
} from "../cart-store";

function storedCartSize(): number {
  return storedCartItems.read()?.length ?? 0;
}

/**
 * Books in the cart for the header badge. The count is spec §3's `cartItems`, which every cart
 * answer rewrites (so it also follows other tabs); for a member the cart is fetched once on
 * start, and again whenever someone announces a change without saying what it was.
 */
export function useCartCount(): number {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  useQuery({ ...cartQuery(), enabled: isLoggedIn });

  useEffect(() => {
    if (!isLoggedIn) return;
    function handleCartUpdated(event: Event) {
      if (!announcesNewList(event)) void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    }
    window.addEventListener(CART_UPDATED_EVENT, handleCartUpdated);
    return () => window.removeEventListener(CART_UPDATED_EVENT, handleCartUpdated);
  }, [isLoggedIn, queryClient]);

  const count = useSyncExternalStore(subscribeToStorage, storedCartSize, () => 0);
  return isLoggedIn ? count : 0;
}
