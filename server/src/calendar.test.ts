import { describe, expect, it } from "vitest";
import { calendarDaysBetween, nextMidnight } from "./calendar";

describe("calendar days", () => {
  it("counts days by the zone's calendar, not by 24-hour spans", () => {
    const lateTonight = new Date("2026-03-10T23:30:00Z");
    const earlyIn3Days = new Date("2026-03-13T00:10:00Z");
    expect(calendarDaysBetween(lateTonight, earlyIn3Days, "UTC")).toBe(3);
    // In New York both fall a day earlier: the 10th at 19:30 and the 12th at 20:10.
    expect(calendarDaysBetween(lateTonight, earlyIn3Days, "America/New_York")).toBe(2);
  });

  it("finds the next local midnight, across a daylight-saving change", () => {
    expect(nextMidnight(new Date("2026-06-01T12:00:00Z"), "Europe/London").toISOString()).toBe(
      "2026-06-01T23:00:00.000Z",
    );
    expect(nextMidnight(new Date("2026-01-15T23:59:00Z"), "Europe/London").toISOString()).toBe(
      "2026-01-16T00:00:00.000Z",
    );
    // London moves to summer time at 01:00 UTC on 29 March 2026; midnight of the 30th is BST.
    expect(nextMidnight(new Date("2026-03-29T10:00:00Z"), "Europe/London").toISOString()).toBe(
      "2026-03-29T23:00:00.000Z",
    );
    expect(
      nextMidnight(new Date("2026-11-22T15:00:00Z"), "America/Los_Angeles").toISOString(),
    ).toBe("2026-11-23T08:00:00.000Z");
  });
});
