import { roleNames } from "@folio/contract/staff";
import type { Role } from "@folio/contract/admin";
import { ApiError } from "../../lib/api-client";
import { errorSentence } from "../../lib/api-errors";
import { formatPounds } from "../../lib/money";

/** The staff console's texts. */
export const adminMessages = {
  failed: "Something went wrong. Please try again.",
  loadFailed: "This list could not be loaded.",
  // Overview
  overviewFailed: "The overview could not be loaded.",
  // Catalogue
  noBooks: "No books match.",
  bookSaved: (title: string) => `Saved “${title}”.`,
  bookCreated: (title: string) => `“${title}” is in the catalogue.`,
  bookRetired: (title: string) => `“${title}” is retired: readers no longer see it.`,
  bookRestored: (title: string) => `“${title}” is back in the catalogue.`,
  fileReplaced: (title: string) => `The file of “${title}” is replaced.`,
  notAnEpub: "Choose an EPUB file (.epub).",
  fileTooLarge: (limitMb: number) => `The file is larger than ${limitMb} MB.`,
  readingFile: "Reading the file…",
  categoryCreated: (name: string) => `Added the category “${name}”.`,
  categorySaved: (name: string) => `Saved the category “${name}”.`,
  noCategories: "No categories yet.",
  // Readers
  noReaders: "No readers match.",
  readerFailed: "This reader could not be loaded.",
  credited: (amount: number, balance: number) =>
    `Added ${formatPounds(amount)}. The balance is now ${formatPounds(balance)}.`,
  debited: (amount: number, balance: number) =>
    `Took ${formatPounds(amount)}. The balance is now ${formatPounds(balance)}.`,
  refunded: (amount: number, balance: number) =>
    `Refunded ${formatPounds(amount)}. The balance is now ${formatPounds(balance)}.`,
  blocked: (name: string) => `${name} is blocked and logged out everywhere.`,
  unblocked: (name: string) => `${name} can log in again.`,
  resetSent: (email: string) => `A password-reset link is on its way to ${email}.`,
  roleChanged: (name: string, role: Role) => `${name} is now: ${roleNames[role]}.`,
  loanEnded: (title: string) => `The loan of “${title}” has ended.`,
  // Loans
  noLoans: "No loans match.",
  csvFailed: "The CSV file could not be downloaded.",
  csvReady: "The CSV file is downloading.",
  // Holds
  noHoldQueues: "No one is waiting for a book.",
  noBookHolds: "No one has placed a hold on this book yet.",
  bookHoldsFailed: "The holds of this book could not be loaded.",
  // Mail
  noMail: "No mail matches.",
  mailQueued: (to: string) => `The mail to ${to} will be sent again shortly.`,
  mailFailed: "This mail could not be loaded.",
  // Reviews
  noReviews: "No reviews match.",
  reviewHidden: "The review is hidden from readers.",
  reviewShown: "The review is shown again.",
  reviewDeleted: "The review is deleted.",
  // Audit
  noAudit: "Nothing in the log matches.",
  adminsOnly: "The audit log is for administrators.",
} as const;

/** What to tell staff about a failed change: the server's own sentence when it sent one. */
export function problemText(error: unknown): string {
  return errorSentence(error, { fallback: adminMessages.failed });
}

/** The field a refusal is about (`copies`), if the server named one. */
export function problemField(error: unknown): string | null {
  return error instanceof ApiError && error.field ? error.field : null;
}
