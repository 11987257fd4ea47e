import type { LoanRecord } from "@folio/contract/loans";
import { loanAuthor, loanTitle } from "./loan-display";

/** Spec §9: Loan History shows 5 loans a page. */
export const LOAN_HISTORY_PAGE_SIZE = 5;

export const LOAN_STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "borrowed", label: "Borrowed" },
  { value: "returned", label: "Returned" },
] as const;

export type LoanStatusFilter = (typeof LOAN_STATUS_FILTERS)[number]["value"];

export function isLoanStatusFilter(value: string): value is LoanStatusFilter {
  return LOAN_STATUS_FILTERS.some((filter) => filter.value === value);
}

/** Case- and accent-insensitive, so "bronte" finds Brontë. */
function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * The loans whose title or author contains the search text and whose status passes the
 * filter; Borrowed includes overdue loans, which the reader still holds.
 */
export function filterLoans(
  loans: readonly LoanRecord[],
  search: string,
  status: LoanStatusFilter,
): LoanRecord[] {
  const wanted = folded(search.trim());
  return loans.filter((loan) => {
    if (status === "returned" && loan.status !== "returned") return false;
    if (status === "borrowed" && loan.status === "returned") return false;
    if (!wanted) return true;
    return folded(loanTitle(loan)).includes(wanted) || folded(loanAuthor(loan)).includes(wanted);
  });
}

export function pageCountOf(itemCount: number, pageSize = LOAN_HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(itemCount / pageSize));
}
