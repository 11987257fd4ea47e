import { describe, expect, it } from "vitest";
import { turnForKey, zoneOfTap } from "./reader-input";

describe("keys and taps", () => {
  it("turns pages with arrows, Page Up/Down and space", () => {
    expect(turnForKey("ArrowRight", false)).toBe("next");
    expect(turnForKey("ArrowLeft", false)).toBe("prev");
    expect(turnForKey("ArrowDown", false)).toBe("next");
    expect(turnForKey("ArrowUp", false)).toBe("prev");
    expect(turnForKey("PageDown", false)).toBe("next");
    expect(turnForKey("PageUp", false)).toBe("prev");
    expect(turnForKey(" ", false)).toBe("next");
    expect(turnForKey(" ", true)).toBe("prev");
    expect(turnForKey("a", false)).toBeNull();
  });

  it("splits the screen into thirds", () => {
    expect(zoneOfTap(10, 900, true)).toBe("prev");
    expect(zoneOfTap(450, 900, true)).toBe("middle");
    expect(zoneOfTap(890, 900, true)).toBe("next");
    expect(zoneOfTap(10, 900, false)).toBe("middle");
  });
});
