import { describe, expect, it } from "vitest";
import { formatPounds } from "./money";

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
