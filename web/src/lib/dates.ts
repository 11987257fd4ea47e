export const UNKNOWN_DATE = "Unknown";

const longDate = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "long",
  day: "numeric",
});
const longDateUtc = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type DateInput = string | number | Date | null | undefined;

/** The instant a value names, or null when it is missing or not a date. */
function instantOf(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * British long form ("22 November 2026", issue 45); missing or invalid input gives "Unknown".
 * A bare "2026-11-22" is a calendar day, not an instant, so it is formatted in UTC; otherwise
 * browsers west of Greenwich would show the day before.
 */
export function formatLongDate(value: DateInput): string {
  const date = instantOf(value);
  if (!date) return UNKNOWN_DATE;
  const isCalendarDay = typeof value === "string" && DATE_ONLY.test(value);
  return (isCalendarDay ? longDateUtc : longDate).format(date);
}

const longDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" });

/**
 * An instant in British long form with its local time ("22 November 2026 at 10:00");
 * missing or invalid input gives "Unknown".
 */
export function formatLongDateTime(value: DateInput): string {
  const date = instantOf(value);
  return date ? longDateTime.format(date) : UNKNOWN_DATE;
}

const weekdayDateTime = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * An instant a day or two away, with its weekday and local time ("Monday 14 January at
 * 18:00"): the year goes without saying; missing or invalid input gives "Unknown".
 */
export function formatWeekdayDateTime(value: DateInput): string {
  const date = instantOf(value);
  return date ? weekdayDateTime.format(date) : UNKNOWN_DATE;
}
