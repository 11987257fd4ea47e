/** The reviews feature's user-facing texts; spec §8's are word for word. */
export const reviewMessages = {
  noReviews: "No reviews yet. Be the first to review!",
  loginToReview: "Please login to post a review",
  addFailed: "Failed to add comment",
  confirmDelete: "Are you sure you want to delete this comment?",
  deleted: "Review deleted",
  deleteFailed: "Failed to delete review, please try again later",
  loadFailed: "Failed to get reviews, please try again later",
  // The server's words for its two refusals (design.md §4), used if it sends none.
  notBorrowed: "You can review a book once you have borrowed it.",
  alreadyReviewed: "You have already reviewed this book.",
  // Not in the spec: texts for moments it leaves open.
  posted: "Thank you for your review",
  updated: "Your review is updated",
  updateFailed: "Failed to update your review, please try again later",
  // The server's words for why a review cannot be changed, used if it sends none.
  notYourReview: "You can only edit your own reviews.",
  hiddenReview: "The library has hidden this review, so it cannot be edited.",
  reviewGone: "That review does not exist.",
  formHint: "Choose a rating and write a few words to post your review.",
  noReviewsOfMine: "You have not reviewed any books yet.",
  yourReview: "Your review",
  edited: "Edited",
} as const;

export const RATING_MAX = 5;
