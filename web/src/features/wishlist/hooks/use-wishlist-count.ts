import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "../../../lib/session";
import {
  announcesNewList,
  refreshWishlist,
  WISHLIST_UPDATED_EVENT,
  wishlistQuery,
} from "../wishlist-store";

/**
 * Books on the wishlist for the header heart: fetched once for a member, kept current by every
 * wishlist answer, and asked again whenever someone announces a change without saying what.
 */
export function useWishlistCount(): number {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...wishlistQuery(), enabled: isLoggedIn });

  useEffect(() => {
    if (!isLoggedIn) return;
    function handleWishlistUpdated(event: Event) {
      if (!announcesNewList(event)) void refreshWishlist(queryClient);
    }
    window.addEventListener(WISHLIST_UPDATED_EVENT, handleWishlistUpdated);
    return () => window.removeEventListener(WISHLIST_UPDATED_EVENT, handleWishlistUpdated);
  }, [isLoggedIn, queryClient]);

  return isLoggedIn ? (data?.bookId.length ?? 0) : 0;
}
