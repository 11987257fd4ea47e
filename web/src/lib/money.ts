import { penceToPounds, poundsToPence } from "@folio/contract/money";

// The web side's money (decision 002): the wire carries pounds with two decimals, so any sum or
// difference is worked out in whole pence and only turned back into pounds to be shown.

const poundsFormat = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in pounds as the screens show it: "£4.99", "£10,000.00". */
export function formatPounds(amount: number): string {
  return poundsFormat.format(Number.isFinite(amount) ? penceToPounds(poundsToPence(amount)) : 0);
}

/** Pence as the screens show them: 1000050 → "£10,000.50". */
export function formatPenceAsPounds(pence: number): string {
  return formatPounds(penceToPounds(pence));
}

/** The sum of amounts in pounds, added in pence: 0.1 + 0.2 is 30, not 30.000000000000004. */
export function sumPence(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + poundsToPence(amount), 0);
}

/** How many pence `available` falls short of `price`, or 0 when it is enough. */
export function shortfallPence(price: number, available: number): number {
  return Math.max(0, poundsToPence(price) - poundsToPence(available));
}
