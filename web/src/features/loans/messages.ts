/**
 * The loans feature's user-facing texts; spec §8's are word for word. The renewal texts the
 * server also writes are the contract's `renewMessages`.
 */
export const loanMessages = {
  renewalFailed: "Renewal failed, please try again later",
  bookInfoFailed: "Failed to get book information, please try again later",
  renewalCheckFailed: "Failed to check renewal status, please try again later",
  returnFailed: "Return failed, please try again later",
  loadFailed: "Failed to get data, please try again later",
  unknownBook: "Unknown Book",
  unknownAuthor: "Unknown Author",
  // Not in the spec: texts for screens it leaves open.
  renewed: (title: string, dueDate: string) => `“${title}” renewed. It is now due on ${dueDate}.`,
  returned: (title: string) => `“${title}” has been returned.`,
  noCurrentLoans: "You have no books on loan at the moment.",
  noHistory: "You have not borrowed any books yet.",
  noMatchingLoans: "No loans match your search.",
} as const;
