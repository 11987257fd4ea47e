import { DAY, HOUR } from "./clock";

/** The calendar day an instant falls on in a time zone, as a UTC-midnight timestamp. */
export function dayOf(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"));
}

/** Whole calendar days from one instant's day to another's, in a time zone (may be negative). */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  return Math.round((dayOf(to, timeZone) - dayOf(from, timeZone)) / DAY);
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The local midnight that began the day `now` falls on, in a time zone (DST-aware). */
export function startOfDay(now: Date, timeZone: string): Date {
  // No day is longer than 25 hours: 26 hours back there is a midnight, and the last one not
  // after `now` is the day's start.
  let midnight = nextMidnight(new Date(now.getTime() - 26 * HOUR), timeZone);
  for (
    let next = nextMidnight(midnight, timeZone);
    next <= now;
    next = nextMidnight(next, timeZone)
  )
    midnight = next;
  return midnight;
}

/** The next local midnight after `now` in a time zone (DST-aware). */
export function nextMidnight(now: Date, timeZone: string): Date {
  const tomorrow = dayOf(now, timeZone) + DAY;
  // Wall-clock midnight minus the offset then in force; a second pass settles a DST change.
  let guess = tomorrow - offsetAt(tomorrow, timeZone);
  guess = tomorrow - offsetAt(guess, timeZone);
  return new Date(guess);
}
