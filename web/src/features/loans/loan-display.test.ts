import { describe, expect, it } from "vitest";
import { timeLeftOf } from "./loan-display";

const NOW = new Date("2030-01-10T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

describe("timeLeftOf", () => {
  it("counts the days left to the due time, to the nearest day", () => {
    expect(timeLeftOf(at(30 * 24), NOW)).toBe("30 days left");
    expect(timeLeftOf(at(30 * 24 - 0.01), NOW)).toBe("30 days left");
    expect(timeLeftOf(at(24), NOW)).toBe("1 day left");
    expect(timeLeftOf(at(35), NOW)).toBe("1 day left");
    expect(timeLeftOf(at(37), NOW)).toBe("2 days left");
    expect(timeLeftOf(at(5), NOW)).toBe("Less than a day left");
  });

  it("says how long a loan has been overdue", () => {
    expect(timeLeftOf(at(-1), NOW)).toBe("Overdue");
    expect(timeLeftOf(at(-24), NOW)).toBe("Overdue by 1 day");
    expect(timeLeftOf(at(-24 * 3 - 2), NOW)).toBe("Overdue by 3 days");
  });

  it("has nothing to say about a missing date", () => {
    expect(timeLeftOf("", NOW)).toBeNull();
  });
});
