import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateTime, formatWeekdayDateTime } from "./dates";

describe("formatLongDate", () => {
  it("uses the British long form (issue 45)", () => {
    expect(formatLongDate("2026-11-22")).toBe("22 November 2026");
    expect(formatLongDate(new Date(2026, 0, 5))).toBe("5 January 2026");
  });

  it("keeps a calendar day on its day in every time zone", () => {
    expect(formatLongDate("2026-03-01")).toBe("1 March 2026");
  });

  it("formats timestamps", () => {
    expect(formatLongDate(new Date(2026, 10, 22, 15, 30).toISOString())).toBe("22 November 2026");
  });

  it("shows Unknown for missing or invalid dates", () => {
    expect(formatLongDate(null)).toBe("Unknown");
    expect(formatLongDate(undefined)).toBe("Unknown");
    expect(formatLongDate("")).toBe("Unknown");
    expect(formatLongDate("not a date")).toBe("Unknown");
  });
});

describe("formatLongDateTime", () => {
  it("adds the local time, on the 24-hour clock, to the British long date", () => {
    expect(formatLongDateTime(new Date(2026, 10, 22, 15, 30))).toMatch(
      /^22 November 2026 at 15:30$/,
    );
  });

  it("shows Unknown for missing or invalid times", () => {
    expect(formatLongDateTime(null)).toBe("Unknown");
    expect(formatLongDateTime("not a date")).toBe("Unknown");
  });
});

describe("formatWeekdayDateTime", () => {
  it("gives the weekday, the date and the local time, without the year", () => {
    expect(formatWeekdayDateTime(new Date(2030, 0, 14, 18, 0))).toMatch(
      /^Monday 14 January at 18:00$/,
    );
  });

  it("shows Unknown for missing or invalid times", () => {
    expect(formatWeekdayDateTime(null)).toBe("Unknown");
    expect(formatWeekdayDateTime("not a date")).toBe("Unknown");
  });
});
