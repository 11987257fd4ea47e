import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadOnce } from "./chunk-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("reloading after a deploy", () => {
  it("tells a chunk that could not be fetched from other failures", () => {
    expect(
      isChunkLoadError(
        new TypeError(
          "Failed to fetch dynamically imported module: http://shop/assets/page-1a2b.js",
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/page.css"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads once, and not again while the reload is recent", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The new page fails the same way at once: the chunk is really broken; show the error.
    expect(reloadOnce(storage, reload, 1_005_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy may reload again.
    expect(reloadOnce(storage, reload, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
