import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache";

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("ResponseCache", () => {
  it("answers from memory until the lifetime is up, then loads again", async () => {
    const time = clock();
    const cache = new ResponseCache<number>(5_000, 10, time.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    time.advance(4_999);
    expect(await cache.get("k", load)).toBe(1);
    time.advance(1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("loads once for concurrent misses of one key", async () => {
    const cache = new ResponseCache<string>(5_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return "answer";
    };
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([
      "answer",
      "answer",
    ]);
    expect(loads).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const cache = new ResponseCache<string>(5_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "back")).toBe("back");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = new ResponseCache<string>(5_000, 2);
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("c", load("c"));
    expect(loads).toBe(3);
    await cache.get("c", load("c"));
    await cache.get("b", load("b"));
    expect(loads).toBe(3);
    await cache.get("a", load("a"));
    expect(loads).toBe(4);
  });
});
