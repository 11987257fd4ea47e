import { HOLD_READY_HOURS } from "@folio/contract/holds";
import { describe, expect, it } from "vitest";
import { holdMessages, holdsReadyMessages, KEPT_HOURS } from "./messages";

describe("the holds texts", () => {
  it("keep a ready hold's copy as long as the contract says", () => {
    expect(KEPT_HOURS).toBe(HOLD_READY_HOURS);
  });

  it("count readers and ready holds in words", () => {
    expect(holdMessages.queueLength(0)).toBe("No one is waiting yet");
    expect(holdMessages.queueLength(1)).toBe("1 reader waiting");
    expect(holdMessages.queueLength(3)).toBe("3 readers waiting");
    expect(holdsReadyMessages.label(1)).toBe("Hold ready");
    expect(holdsReadyMessages.label(2)).toBe("2 holds ready");
  });
});
