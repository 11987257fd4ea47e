import type { AdminLoan } from "@folio/contract/admin";

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (it starts with = + - @, or
 * a tab or carriage return) gets a leading ' so it is shown, not run: a reader's name is theirs to
 * choose. A cell holding a quote, comma or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: (string | number | null)[]) => cells.map(csvCell).join(",");

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

/**
 * The loans as a CSV file: a header row, then one row per loan, lines ended CRLF. It starts with
 * a byte-order mark so a spreadsheet opened on it reads UTF-8 (names with accents) rightly.
 */
export function loansCsv(list: AdminLoan[]): string {
  const lines = [
    csvRow(columns.map(([name]) => name)),
    ...list.map((loan) => csvRow(columns.map(([, cell]) => cell(loan)))),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
