/** The reading feature's user-facing texts; spec §8's 'Read' messages are word for word. */
export const readingMessages = {
  /** Also the server's NOT_BORROWED message (contract READ_NOT_BORROWED). */
  notBorrowed: "You need to borrow this book first before reading it",
  sessionExpired: "Your session has expired. Please login again",
  loadFailed: "Unable to load e-book. Please try again later",
  network: "Network error. Please check your connection and try again",
  loginFirst: "Please login first",
  // Not in the spec: texts for screens it leaves open.
  borrowRequiredTitle: "Borrow required",
  loading: "Loading the book",
  untitled: "Unknown Book",
  annotationFailed: "Your highlight or bookmark could not be saved. Please try again.",
  searchEmpty: "No matches in this book.",
  noAnnotations: "No bookmarks or highlights yet. Select text to highlight it, or bookmark a page.",
} as const;
