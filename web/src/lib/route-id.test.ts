import { describe, expect, it } from "vitest";
import { parseRouteId } from "./route-id";

describe("parseRouteId", () => {
  it("keeps an id as text, in the form the server sends it", () => {
    expect(parseRouteId("31")).toBe("31");
    expect(parseRouteId("007")).toBe("7");
    expect(parseRouteId("2147483647")).toBe("2147483647");
  });

  it.each([null, undefined, "", "0", "-3", "1.5", "1e3", " 7", "0x1f", "abc", "2147483648"])(
    "refuses %j",
    (raw) => {
      expect(parseRouteId(raw)).toBeNull();
    },
  );
});
