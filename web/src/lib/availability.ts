import type { Book } from "@folio/contract/catalogue";

/**
 * Whether a book can be lent now, as its covers, its page and its buttons tell it. A spent
 * lending licence comes first: free copies of such a book will never be lent again.
 */
export type Availability =
  | { kind: "available"; label: string }
  | { kind: "allLent"; label: string; reason: string }
  | { kind: "licenceSpent"; label: string; reason: string };

export const availabilityMessages = {
  allLent: "All copies are on loan right now.",
  licenceSpent: "This book cannot be lent any more: its lending licence is spent.",
  onLoan: "You already have this book on loan.",
};

export function availabilityOf(book: Pick<Book, "availableCopies" | "lendsLeft">): Availability {
  if (book.lendsLeft <= 0) {
    return {
      kind: "licenceSpent",
      label: "No longer lent",
      reason: availabilityMessages.licenceSpent,
    };
  }
  if (book.availableCopies <= 0) {
    return { kind: "allLent", label: "All on loan", reason: availabilityMessages.allLent };
  }
  return { kind: "available", label: `${book.availableCopies} available` };
}
