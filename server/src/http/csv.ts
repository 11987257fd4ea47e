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

/**
 * A CSV file: a header row, then one row per item, lines ended CRLF. It starts with a byte-order
 * mark so a spreadsheet opened on it reads UTF-8 (names with accents) rightly.
 */
export function csvFile<T>(
  columns: readonly (readonly [string, (item: T) => string | number | null])[],
  items: readonly T[],
): string {
  const lines = [
    csvRow(columns.map(([name]) => name)),
    ...items.map((item) => csvRow(columns.map(([, cell]) => cell(item)))),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
