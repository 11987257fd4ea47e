import type { LoanRecord, LoanStatus } from "@folio/contract/loans";
import { LOAN_DAYS } from "@folio/contract/constants";
import { loanMessages } from "./messages";

/** Spec §3 placeholders for a book the server could not name. */
export function loanTitle(loan: Pick<LoanRecord, "title" | "bookTitle">): string {
  return loan.title.trim() || loan.bookTitle.trim() || loanMessages.unknownBook;
}

export function loanAuthor(loan: Pick<LoanRecord, "author" | "bookAuthor">): string {
  return loan.author.trim() || loan.bookAuthor.trim() || loanMessages.unknownAuthor;
}

export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  borrowed: "Borrowed",
  overdue: "Overdue",
  returned: "Returned",
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The due date a renewal would give (design §4): 30 days after the later of the current due date
 * and now. Only a preview; the server's newDueDate is what counts.
 */
export function renewedDueDate(dueDate: string, now: Date = new Date()): Date | null {
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return null;
  return new Date(Math.max(due, now.getTime()) + LOAN_DAYS * DAY_MS);
}

/** How long the loan has left, in whole days to the due time, in words. */
export function timeLeftOf(dueDate: string, now: Date = new Date()): string | null {
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return null;
  const left = due - now.getTime();
  if (left < 0) {
    const days = Math.floor(-left / DAY_MS);
    return days === 0 ? "Overdue" : `Overdue by ${days} ${days === 1 ? "day" : "days"}`;
  }
  if (left < DAY_MS) return "Less than a day left";
  // Rounded: a 30-day loan borrowed a minute ago has 30 days left, not 29.
  const days = Math.round(left / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} left`;
}
