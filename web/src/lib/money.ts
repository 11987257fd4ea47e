const poundsFormat = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money arrives as pounds with 2 decimals (design §3); shown as "£4.99". */
export function formatPounds(amount: number): string {
  return poundsFormat.format(Number.isFinite(amount) ? amount : 0);
}
