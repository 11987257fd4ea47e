import { describe, expect, it } from "vitest";
import { turnForKey, zoneOfTap } from "./reader-input";

describe("keys and taps", () => {
  it("turns pages with arrows, Page Up/Down and space", () => {
    expect(turnForKey("ArrowRight", false, true)).toBe("next");
    expect(turnForKey("ArrowLeft", false, true)).toBe("prev");
    expect(turnForKey("PageDown", false, true)).toBe("next");
    expect(turnForKey("PageUp", false, true)).toBe("prev");
    expect(turnForKey(" ", false, true)).toBe("next");
    expect(turnForKey(" ", true, true)).toBe("prev");
    expect(turnForKey("a", false, true)).toBeNull();
  });

  it("leaves scrolling keys to a scrolled book", () => {
    expect(turnForKey("ArrowRight", false, false)).toBe("next");
    expect(turnForKey("PageDown", false, false)).toBeNull();
    expect(turnForKey(" ", false, false)).toBeNull();
  });

  it("splits the screen into thirds", () => {
    expect(zoneOfTap(10, 900, true)).toBe("prev");
    expect(zoneOfTap(450, 900, true)).toBe("middle");
    expect(zoneOfTap(890, 900, true)).toBe("next");
    expect(zoneOfTap(10, 900, false)).toBe("middle");
  });
});
