/** The wishlist's user-facing texts; spec §8's are word for word. */
export const wishlistMessages = {
  loginFirst: "Please login first",
  alreadyInWishlist: "This book is already in your wishlist",
  removed: "Removed from wishlist",
  operationFailed: "Operation failed, please try again later",
  removeFailed: "Failed to remove book, please try again later",
  // Not in the spec: texts for moments it leaves open.
  added: "Added to wishlist",
  loadFailed: "Failed to get wishlist, please try again later",
  empty: "Your wish list is empty.",
} as const;
