/**
 * Books on the wishlist for the header heart. The wishlist lives only on the server; until the
 * wishlist feature fetches it, the count is 0.
 */
export function useWishlistCount(): number {
  return 0;
}
