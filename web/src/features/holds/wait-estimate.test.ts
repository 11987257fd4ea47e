import { describe, expect, it } from "vitest";
import { formatWaitDays } from "./wait-estimate";

describe("formatWaitDays", () => {
  it.each([
    [0, 0, "less than a day"],
    [0, 1, "a day or so"],
    [1, 1, "a day or so"],
    [2, 2, "about 2 days"],
    [0, 3, "about 1–3 days"],
    [4, 6, "about 4–6 days"],
    [5, 13, "about 5–13 days"],
  ])("tells a wait of %i to %i days in days: %s", (low, high, words) => {
    expect(formatWaitDays({ low, high })).toBe(words);
  });

  it.each([
    [14, 14, "about 2 weeks"],
    [14, 21, "about 2–3 weeks"],
    [13, 14, "about 2 weeks"],
    [3, 20, "about 1–3 weeks"],
    [7, 12 * 7, "about 1–3 months"],
    [21, 56, "about 3–8 weeks"],
  ])("tells a wait of %i to %i days in weeks or months: %s", (low, high, words) => {
    expect(formatWaitDays({ low, high })).toBe(words);
  });

  it.each([
    [60, 60, "about 2 months"],
    [45, 75, "about 2–3 months"],
    [90, 180, "about 3–6 months"],
  ])("tells a wait of %i to %i days in months: %s", (low, high, words) => {
    expect(formatWaitDays({ low, high })).toBe(words);
  });

  it("copes with ends out of order, negative or not numbers", () => {
    expect(formatWaitDays({ low: 21, high: 14 })).toBe("about 2–3 weeks");
    expect(formatWaitDays({ low: -3, high: -1 })).toBe("less than a day");
    expect(formatWaitDays({ low: Number.NaN, high: 5 })).toBe("about 1–5 days");
  });
});
