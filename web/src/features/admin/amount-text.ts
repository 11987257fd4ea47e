/**
 * Pounds typed by staff ("4.99", "£4.99", "5"): the amount, or null when it is not a positive
 * number with at most two decimals. The server checks the limits again.
 */
export function parsePounds(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return amount > 0 ? amount : null;
}

/** A whole number typed by staff ("12"), or null. */
export function parseWhole(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, "");
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
}

/** An amount as a form shows it to be edited: 4.5 → "4.50". */
export function poundsText(amount: number): string {
  return amount.toFixed(2);
}
