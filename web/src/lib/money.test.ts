import { describe, expect, it } from "vitest";
import { formatPenceAsPounds, formatPounds, shortfallPence, sumPence } from "./money";

describe("formatPounds", () => {
  it("shows pounds with two decimals", () => {
    expect(formatPounds(4.5)).toBe("£4.50");
    expect(formatPounds(4.99)).toBe("£4.99");
    expect(formatPounds(0)).toBe("£0.00");
  });

  it("groups thousands and rounds to pence", () => {
    expect(formatPounds(10000)).toBe("£10,000.00");
    expect(formatPounds(2.005)).toMatch(/^£2\.0[01]$/);
    expect(formatPounds(1.239)).toBe("£1.24");
  });

  it("never prints NaN", () => {
    expect(formatPounds(Number.NaN)).toBe("£0.00");
  });
});

describe("pence arithmetic", () => {
  it("adds prices in pence, so the total has no float residue", () => {
    expect(sumPence([0.1, 0.2])).toBe(30);
    expect(formatPenceAsPounds(sumPence([4.99, 3.5, 0.01]))).toBe("£8.50");
    expect(sumPence([])).toBe(0);
  });

  it("tells how much is missing, and nothing when there is enough", () => {
    expect(shortfallPence(5, 4.99)).toBe(1);
    expect(shortfallPence(0.3, 0.1)).toBe(20);
    expect(shortfallPence(4.99, 10)).toBe(0);
  });
});
