import type { AdminLoan } from "@folio/contract/admin";
import { csvFile } from "../../http/csv";

const columns: [string, (loan: AdminLoan) => string | number | null][] = [
  ["Loan", (l) => l.loanId],
  ["Book", (l) => l.bookId],
  ["Title", (l) => l.title],
  ["Author", (l) => l.author],
  ["Reader", (l) => l.readerName],
  ["Email", (l) => l.readerEmail],
  ["Borrowed", (l) => l.borrowedAt],
  ["Due", (l) => l.dueAt],
  ["Status", (l) => l.status],
  ["Days overdue", (l) => l.daysOverdue],
  ["Price (GBP)", (l) => l.price.toFixed(2)],
];

/** The staff console's loans as a CSV file (http/csv.ts): one loan a row, as the list shows it. */
export const loansCsv = (list: AdminLoan[]): string => csvFile(columns, list);
