import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateTime, formatWeekdayDateTime } from "./dates";

describe("formatLongDate", () => {
  it("uses the US English long form", () => {
    expect(formatLongDate("2026-11-22")).toBe("November 22, 2026");
    expect(formatLongDate(new Date(2026, 0, 5))).toBe("January 5, 2026");
  });

  it("keeps a calendar day on its day in every time zone", () => {
    expect(formatLongDate("2026-03-01")).toBe("March 1, 2026");
  });

  it("formats timestamps", () => {
    expect(formatLongDate(new Date(2026, 10, 22, 15, 30).toISOString())).toBe("November 22, 2026");
  });

  it("shows Unknown for missing or invalid dates", () => {
    expect(formatLongDate(null)).toBe("Unknown");
    expect(formatLongDate(undefined)).toBe("Unknown");
    expect(formatLongDate("")).toBe("Unknown");
    expect(formatLongDate("not a date")).toBe("Unknown");
  });
});

describe("formatLongDateTime", () => {
  it("adds the local time to the US English long date", () => {
    // ICU versions differ on the space before PM (plain or narrow no-break).
    expect(formatLongDateTime(new Date(2026, 10, 22, 15, 30))).toMatch(
      /^November 22, 2026 at 3:30\sPM$/,
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
      /^Monday, January 14 at 6:00\sPM$/,
    );
  });

  it("shows Unknown for missing or invalid times", () => {
    expect(formatWeekdayDateTime(null)).toBe("Unknown");
    expect(formatWeekdayDateTime("not a date")).toBe("Unknown");
  });
});
