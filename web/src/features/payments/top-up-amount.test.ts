import { describe, expect, it } from "vitest";
import { chosenAmount, clampCustomAmount, isInvalidCustomAmount } from "./top-up-amount";

describe("top-up amount rules", () => {
  it("clamps a custom amount above 10000 to 10000 and leaves the rest as typed", () => {
    expect(clampCustomAmount("10001")).toBe("10000");
    expect(clampCustomAmount("250000")).toBe("10000");
    expect(clampCustomAmount("10000")).toBe("10000");
    expect(clampCustomAmount("75")).toBe("75");
    expect(clampCustomAmount("")).toBe("");
  });

  it("takes the preset, else a whole custom amount from 1 to 10000", () => {
    expect(chosenAmount(100, "")).toBe(100);
    expect(chosenAmount(null, "75")).toBe(75);
    expect(chosenAmount(null, "10000")).toBe(10000);
  });

  it("has no amount until one is chosen, or while the custom one is not whole pounds", () => {
    expect(chosenAmount(null, "")).toBeNull();
    expect(chosenAmount(null, "   ")).toBeNull();
    expect(chosenAmount(null, "0")).toBeNull();
    expect(chosenAmount(null, "-5")).toBeNull();
    expect(chosenAmount(null, "12.5")).toBeNull();
    expect(isInvalidCustomAmount("12.5")).toBe(true);
    expect(isInvalidCustomAmount("0")).toBe(true);
    expect(isInvalidCustomAmount("")).toBe(false);
  });
});
