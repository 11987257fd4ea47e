import type { AdminLoans, adminLoansQuerySchema, endLoanAnswerSchema } from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../lib/api-client";
import { apiDownload, type Download } from "../../../lib/api-files";
import { adminPaths } from "./paths";

export type LoansQuery = Partial<z.output<typeof adminLoansQuerySchema>>;
export type EndLoanAnswer = z.infer<typeof endLoanAnswerSchema>;

export function fetchLoans(query: LoansQuery, signal?: AbortSignal): Promise<AdminLoans> {
  return apiGet<AdminLoans>(adminPaths.loans, { ...query }, { signal });
}

/** The same loans as a CSV file (every page), for a spreadsheet. */
export function downloadLoansCsv(query: LoansQuery): Promise<Download> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return apiDownload(adminPaths.loansCsv, filters, { accept: "text/csv" });
}

/** Ends an open loan for the reader (a lost device, a mistake), saying why. */
export function endLoan(loanId: string, reason: string): Promise<EndLoanAnswer> {
  return apiPost<EndLoanAnswer>(adminPaths.endLoan, { loanId, reason });
}
