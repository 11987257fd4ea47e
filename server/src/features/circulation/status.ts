import type { LoanStatus } from "@folio/contract/loans";
import type { LoanRow } from "../../db/schema";

/** Where a loan stands at `now`: returned, overdue (past its due date) or borrowed. */
export function statusOf(loan: Pick<LoanRow, "returnedAt" | "dueAt">, now: Date): LoanStatus {
  if (loan.returnedAt) return "returned";
  return loan.dueAt.getTime() < now.getTime() ? "overdue" : "borrowed";
}
