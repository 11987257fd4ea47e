import type { WaitDays } from "@folio/contract/holds";

const WEEK = 7;
const MONTH = 30;
/** Up to this many days the wait is told in days; from two weeks on, in weeks. */
const LAST_DAYS = 13;
/** From two months on, in months: "about 9 weeks" reads worse than "about 2 months". */
const LAST_WEEKS_DAYS = 59;

/** "2–3" for a range, "2" when both ends meet. */
function range(low: number, high: number): string {
  return low === high ? String(high) : `${low}–${high}`;
}

/** A day count as the server sends it, made whole and never negative. */
function wholeDays(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}

/**
 * The estimated wait of a hold in words (design.md §7.2: a range of days): "less than a day",
 * "a day or so", "about 4 days", "about 2–3 weeks", "about 1–2 months". The unit follows the
 * longer end, so a range never mixes units, and the shorter end is never 0 of that unit. Past a
 * day the longer end is always at least 2 of its unit, so the unit is always plural.
 */
export function formatWaitDays(wait: WaitDays): string {
  const [low, high] = [wholeDays(wait.low), wholeDays(wait.high)].sort((a, b) => a - b) as [
    number,
    number,
  ];
  if (high === 0) return "less than a day";
  if (high === 1) return "a day or so";
  if (high <= LAST_DAYS) {
    const from = Math.max(low, 1);
    return `about ${range(from, high)} days`;
  }
  const [unit, size] =
    high <= LAST_WEEKS_DAYS ? (["week", WEEK] as const) : (["month", MONTH] as const);
  const to = Math.max(1, Math.round(high / size));
  const from = Math.min(Math.max(1, Math.round(low / size)), to);
  return `about ${range(from, to)} ${unit}s`;
}
