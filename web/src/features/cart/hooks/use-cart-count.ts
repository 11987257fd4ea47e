import { useSyncExternalStore } from "react";
import { useSession } from "../../../lib/session";
import { readStored, subscribeToStorage } from "../../../lib/storage";

function storedCartSize(): number {
  return readStored("cartItems")?.length ?? 0;
}

/** Books in the cart for the header badge; kept in local storage (spec §3, cartItems). */
export function useCartCount(): number {
  const { isLoggedIn } = useSession();
  const count = useSyncExternalStore(subscribeToStorage, storedCartSize, () => 0);
  return isLoggedIn ? count : 0;
}
