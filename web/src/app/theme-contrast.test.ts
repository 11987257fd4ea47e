/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Read from disk: Vitest hands CSS imports over empty, ?raw included.
const globalCss = readFileSync(path.join(import.meta.dirname, "global.css"), "utf8");

type Theme = "light" | "dark";

/** Each plain colour token's value in both themes, as global.css declares it. */
function readColourTokens(css: string): Map<string, Record<Theme, string>> {
  const tokens = new Map<string, Record<Theme, string>>();
  const hex = "#[0-9a-fA-F]{6}";
  for (const [, name, value] of css.matchAll(/--color-([a-z-]+):\s*([^;]+);/g)) {
    const pair = new RegExp(`^light-dark\\((${hex}),\\s*(${hex})\\)$`).exec(value!.trim());
    const single = new RegExp(`^${hex}$`).exec(value!.trim());
    if (pair) tokens.set(name!, { light: pair[1]!, dark: pair[2]! });
    else if (single) tokens.set(name!, { light: single[0], dark: single[0] });
  }
  return tokens;
}

function luminance(colour: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const TEXT = 4.5;
/** Large text and the parts of controls (borders, focus rings, icons). */
const NON_TEXT = 3;

/** [foreground, background, minimum]: every pair the stylesheets draw. */
const PAIRS: [string, string, number][] = [
  ...["paper", "surface", "surface-sunken", "accent-soft"].flatMap(
    (bg): [string, string, number][] => [
      ["ink", bg, TEXT],
      ["ink-muted", bg, TEXT],
      ["accent", bg, TEXT],
      ["accent-strong", bg, TEXT],
      ["danger", bg, TEXT],
    ],
  ),
  ["placeholder", "surface", TEXT],
  ["placeholder", "header-field", TEXT],
  ["ink", "header-field", TEXT],
  ["forest", "surface", TEXT],
  ["forest", "paper", TEXT],
  ["success", "surface", TEXT],
  ["success", "success-soft", TEXT],
  ["danger", "danger-soft", TEXT],
  ["info", "info-soft", TEXT],
  ["info", "surface", TEXT],
  ["ink-muted", "hero-start", TEXT],
  ["ink-muted", "hero-end", TEXT],
  ["on-accent", "accent", TEXT],
  ["on-accent", "accent-strong", TEXT],
  ["on-accent", "danger", TEXT],
  ["on-banner", "banner", TEXT],
  ["on-banner-muted", "banner", TEXT],
  ["on-header", "header", TEXT],
  ["on-header-muted", "header", TEXT],
  ["gold-light", "header", TEXT],
  ["header", "gold-light", TEXT],
  ["header", "gold-lighter", TEXT],
  ["border-strong", "surface", NON_TEXT],
  ["border-strong", "paper", NON_TEXT],
  ["focus", "paper", NON_TEXT],
  ["focus", "surface", NON_TEXT],
  ["gold-lighter", "header", NON_TEXT],
  ["star", "surface", NON_TEXT],
  ["warning", "surface", NON_TEXT],
  ["success", "paper", NON_TEXT],
];

describe("the colour tokens", () => {
  const tokens = readColourTokens(globalCss);

  it("declares every colour the checks below use", () => {
    for (const [fg, bg] of PAIRS) {
      expect(tokens.has(fg), fg).toBe(true);
      expect(tokens.has(bg), bg).toBe(true);
    }
  });

  it.each<Theme>(["light", "dark"])("keep WCAG AA contrast in the %s theme", (theme) => {
    const failures = PAIRS.flatMap(([fg, bg, minimum]) => {
      const ratio = contrast(tokens.get(fg)![theme], tokens.get(bg)![theme]);
      return ratio < minimum ? [`${fg} on ${bg}: ${ratio.toFixed(2)} < ${minimum}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("outline the dark header's search field, whose fill is as dark as the header", () => {
    const border =
      /--color-header-field-border:\s*light-dark\(transparent,\s*(#[0-9a-f]{6})\)/.exec(globalCss);
    expect(border).not.toBeNull();
    expect(contrast(border![1]!, tokens.get("header")!.dark)).toBeGreaterThanOrEqual(NON_TEXT);
    expect(
      contrast(tokens.get("header-field")!.light, tokens.get("header")!.light),
    ).toBeGreaterThanOrEqual(NON_TEXT);
  });
});
