// Money rules shared by server and web (decision 002): integer pence inside, pounds with two
// decimals on the wire, "£4.99" in the texts both sides write. No zod here: the web imports it.

/** Pence as the wire's pounds: 499 → 4.99. */
export const penceToPounds = (pence: number): number => Math.round(pence) / 100;

/** The wire's pounds as pence: 4.99 → 499 (4.99 * 100 is 499.00000000000006). */
export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);

/** Pence as the shop's messages write them: 120050 → "£1200.50" (no grouping, spec §8). */
export const formatPence = (pence: number): string => `£${(Math.round(pence) / 100).toFixed(2)}`;

/** £1,000.00: pounds with thousands separated, as a person reads an amount in a sentence. */
export const formatPenceGrouped = (pence: number): string =>
  `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
