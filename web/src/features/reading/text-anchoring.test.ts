import { describe, expect, it } from "vitest";
import { anchorQuote } from "./frame-highlights";
import { findQuote, quoteOfRange, rangeOf, textIndex } from "./text-anchoring";

function chapter(html: string): Document {
  return new DOMParser().parseFromString(`<html><body>${html}</body></html>`, "text/html");
}

const LOOMINGS = chapter(`
  <h1>Chapter 1. Loomings.</h1>
  <p>Call me <em>Ishmael</em>. Some years ago—never mind how long precisely—having little
  or no money in my purse, I thought I would sail about a little.</p>
  <p>It is a way I have of driving off the spleen. Call me Ishmael, he said again.</p>
  <style>p { color: red }</style>
`);

describe("text anchoring", () => {
  it("indexes a chapter's text across elements, leaving styles out", () => {
    const index = textIndex(LOOMINGS.body);
    expect(index.text).toContain("Call me Ishmael. Some years ago");
    expect(index.text).not.toContain("color: red");
    expect(index.nodes.length).toBeGreaterThan(3);
  });

  it("finds the occurrence whose context matches, across markup and line breaks", () => {
    const { text } = textIndex(LOOMINGS.body);
    const second = findQuote(text, {
      before: "the spleen. ",
      highlight: "Call me Ishmael",
      after: ", he said",
    });
    const first = findQuote(text, { highlight: "Call me Ishmael", after: ". Some years" });
    expect(second!.start).toBeGreaterThan(first!.start);
    expect(text.slice(second!.start, second!.end)).toBe("Call me Ishmael");
    // The quote's spaces need not match the markup's line breaks.
    const across = findQuote(text, { highlight: "having little or no money" });
    expect(text.slice(across!.start, across!.end).replace(/\s+/g, " ")).toBe(
      "having little or no money",
    );
    expect(findQuote(text, { highlight: "white whale" })).toBeNull();
    expect(findQuote(text, { highlight: "   " })).toBeNull();
  });

  it("turns a quote into a DOM range and a selection back into the same quote", () => {
    const range = anchorQuote(LOOMINGS, {
      highlight: "Call me Ishmael.",
      after: " Some years ago",
    });
    expect(range?.toString()).toBe("Call me Ishmael.");
    const index = textIndex(LOOMINGS.body);
    const found = quoteOfRange(index, range!);
    expect(found?.quote.highlight).toBe("Call me Ishmael.");
    expect(found?.quote.before).toContain("Loomings.");
    expect(found?.quote.after).toMatch(/^ Some years ago/);
    expect(found?.progression).toBeGreaterThan(0);
    expect(found?.progression).toBeLessThan(0.2);
  });

  it("gives a range spanning several text nodes", () => {
    const index = textIndex(LOOMINGS.body);
    const start = index.text.indexOf("me Ishmael. Some");
    const range = rangeOf(index, start, start + "me Ishmael. Some".length);
    expect(range?.toString()).toBe("me Ishmael. Some");
    expect(range?.startContainer).not.toBe(range?.endContainer);
  });
});
