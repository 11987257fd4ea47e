import { describe, expect, it, vi } from "vitest";
import { findInText, foldForSearch, SEARCH_HIT_LIMIT, searchChapters } from "./book-search";

describe("search in the book", () => {
  it("matches regardless of case and accents, keeping offsets", () => {
    expect(foldForSearch("Café NAÏVE")).toBe("cafe naive");
    expect(foldForSearch("İstanbul").length).toBe("İstanbul".length);
    const [hit] = findInText({ href: "c1", text: "They met at the Café Royal." }, "cafe");
    expect(hit?.match).toBe("Café");
  });

  it("shows each hit with a few whole words either side", () => {
    const text =
      "Whenever I find myself growing grim about the mouth; whenever it is a damp, drizzly November in my soul, I account it high time to get to sea as soon as I can.";
    const [hit] = findInText({ href: "c1", text }, "november");
    expect(hit).toMatchObject({ href: "c1", match: "November" });
    // Forty characters either side, cut back to whole words.
    expect(hit!.before).toBe("mouth; whenever it is a damp, drizzly ");
    expect(text).toContain(` ${hit!.before}November${hit!.after} `);
    expect(hit!.after).toMatch(/^ in my soul, I account it high time\b/);
    expect(hit!.quote.highlight).toBe("November");
    expect(hit!.progression).toBeCloseTo(text.indexOf("November") / text.length);
  });

  it("finds every occurrence and ignores a one-letter query", () => {
    const text = "Ishmael. Ishmael! ishmael?";
    expect(findInText({ href: "c", text }, "ishmael")).toHaveLength(3);
    expect(findInText({ href: "c", text }, "i")).toEqual([]);
    expect(findInText({ href: "c", text }, "ishmael", 2)).toHaveLength(2);
  });

  it("searches chapter by chapter, skipping one that cannot be read, up to the limit", async () => {
    const texts: Record<string, string> = {
      a: "Call me Ishmael.",
      b: "broken",
      c: `${"Ishmael ".repeat(SEARCH_HIT_LIMIT)}`,
      d: "Ishmael again",
    };
    const readText = vi.fn((href: string) =>
      href === "b" ? Promise.reject(new Error("gone")) : Promise.resolve(texts[href]!),
    );
    const reports: [number, boolean][] = [];
    const hits = await searchChapters(["a", "b", "c", "d"], readText, "ishmael", (found, done) =>
      reports.push([found.length, done]),
    );
    expect(hits).toHaveLength(SEARCH_HIT_LIMIT);
    expect(hits[0]?.href).toBe("a");
    // Chapter d is never read: the limit was reached in c.
    expect(readText).not.toHaveBeenCalledWith("d");
    expect(reports).toEqual([
      [1, false],
      [SEARCH_HIT_LIMIT, true],
    ]);
  });

  it("stops when a newer search begins", async () => {
    const controller = new AbortController();
    const readText = vi.fn(async (href: string) => {
      if (href === "b") controller.abort();
      return "Ishmael";
    });
    const onHits = vi.fn();
    const hits = await searchChapters(
      ["a", "b", "c"],
      readText,
      "ishmael",
      onHits,
      controller.signal,
    );
    expect(hits).toHaveLength(1);
    expect(readText).not.toHaveBeenCalledWith("c");
    expect(onHits).toHaveBeenCalledTimes(1);
  });
});
