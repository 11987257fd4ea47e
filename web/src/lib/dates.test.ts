import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

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
