import type { ReaderPreferences } from "@folio/contract/reading";
import { readStoredJson, writeStoredQuietly } from "../../lib/storage";

/**
 * The reader's look: the contract's preferences turned into what the navigator is told
 * (ReadiumCSS user settings) and into the page's own colours. No navigator import here, so
 * the mapping runs in tests.
 */

/** The theme drawn: "system" follows prefers-color-scheme until the reader picks one. */
export type ShownTheme = "light" | "sepia" | "dark";

export const THEME_LABELS: Record<ReaderPreferences["theme"], string> = {
  system: "Auto",
  light: "Light",
  sepia: "Sepia",
  dark: "Dark",
};

export const FONT_LABELS: Record<ReaderPreferences["fontFamily"], string> = {
  publisher: "Book's own",
  serif: "Serif",
  sans: "Sans-serif",
  dyslexic: "OpenDyslexic",
};

export const ALIGN_LABELS: Record<NonNullable<ReaderPreferences["textAlign"]>, string> = {
  // "Book's own" would wrap in a row of three on a phone.
  publisher: "Original",
  start: "Left",
  justify: "Justified",
};

export const MARGIN_LABELS: Record<ReaderPreferences["margins"], string> = {
  narrow: "Narrow",
  normal: "Normal",
  wide: "Wide",
};

/** The book's own colours per theme; reader.css gives the chrome the same pairs. */
export const THEME_COLOURS: Record<ShownTheme, { text: string; background: string }> = {
  light: { text: "#2a211b", background: "#ffffff" },
  sepia: { text: "#4b3621", background: "#f4ecd8" },
  dark: { text: "#e8e0d4", background: "#1c1916" },
};

/** The family the OpenDyslexic @font-face declares inside each chapter's frame. */
export const DYSLEXIC_FAMILY = "Folio OpenDyslexic";

const FONT_STACKS: Record<ReaderPreferences["fontFamily"], string | null> = {
  publisher: null,
  serif: 'Charter, "Bitstream Charter", "Iowan Old Style", Georgia, Cambria, serif',
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  dyslexic: `"${DYSLEXIC_FAMILY}", sans-serif`,
};

/** Space on each side of the text, in CSS pixels. */
export const MARGIN_PX: Record<ReaderPreferences["margins"], number> = {
  narrow: 12,
  normal: 28,
  wide: 56,
};

export const FONT_SIZE_STEPS = [0.75, 0.85, 1, 1.1, 1.2, 1.35, 1.5, 1.75, 2, 2.25, 2.5] as const;
export const LINE_HEIGHT_STEPS = [1.2, 1.35, 1.5, 1.65, 1.8, 2] as const;

/**
 * A comfortable measure of 65–75 characters a line, and a second column only when the screen
 * holds two. ReadiumCSS counts these in widths of "0", which is wider than the average letter of
 * running text, so the numbers here are some 10% under the characters a line really shows.
 */
export const LINE_LENGTH = { optimal: 58, minimal: 35, maximal: 65 } as const;

export function shownTheme(theme: ReaderPreferences["theme"], systemDark: boolean): ShownTheme {
  if (theme === "system") return systemDark ? "dark" : "light";
  return theme;
}

/** The navigator's preferences (a subset of @readium/navigator's IEpubPreferences). */
export interface NavigatorPreferences {
  fontSize: number;
  fontFamily: string | null;
  lineHeight: number;
  pageGutter: number;
  scroll: boolean;
  scrollPaddingLeft: number;
  scrollPaddingRight: number;
  scrollPaddingTop: number;
  scrollPaddingBottom: number;
  columnCount: number | null;
  backgroundColor: string;
  textColor: string;
  linkColor: string;
  visitedColor: string;
  optimalLineLength: number;
  minimalLineLength: number;
  maximalLineLength: number;
  /** Overrides the book's own alignment; null keeps it. */
  textAlign: "start" | "justify" | null;
  /** true hyphenates (justified lines); null keeps the book's own. */
  hyphens: boolean | null;
}

/** What the navigator is told for these preferences, drawn in this theme. */
export function navigatorPreferences(
  preferences: ReaderPreferences,
  theme: ShownTheme,
): NavigatorPreferences {
  const colours = THEME_COLOURS[theme];
  const gutter = MARGIN_PX[preferences.margins];
  // Dyslexia guidance asks for ragged-right text: justified lines open uneven rivers of space.
  const dyslexic = preferences.fontFamily === "dyslexic";
  const justified = preferences.textAlign === "justify" && !dyslexic;
  return {
    fontSize: preferences.fontSize,
    fontFamily: FONT_STACKS[preferences.fontFamily],
    lineHeight: preferences.lineHeight,
    pageGutter: gutter,
    scroll: preferences.layout === "scrolled",
    scrollPaddingLeft: gutter,
    scrollPaddingRight: gutter,
    // In a scrolled book the first and last lines clear the bars when they are shown.
    scrollPaddingTop: 56,
    scrollPaddingBottom: 72,
    // Null lets ReadiumCSS put two columns side by side where they fit.
    columnCount: null,
    backgroundColor: colours.background,
    textColor: colours.text,
    linkColor: colours.text,
    visitedColor: colours.text,
    optimalLineLength: LINE_LENGTH.optimal,
    minimalLineLength: LINE_LENGTH.minimal,
    maximalLineLength: LINE_LENGTH.maximal,
    textAlign:
      dyslexic || preferences.textAlign === "start" ? "start" : justified ? "justify" : null,
    // Justified lines without hyphens open rivers of space between the words.
    hyphens: justified ? true : null,
  };
}

/** The closest step to a value, so the − and + buttons move from wherever the value is. */
export function nextStep(steps: readonly number[], value: number, direction: -1 | 1): number {
  const index = steps.findIndex((step) => step >= value - 1e-9);
  const at = index === -1 ? steps.length - 1 : index;
  const exact = Math.abs((steps[at] ?? value) - value) < 1e-9;
  const next = direction === 1 ? (exact ? at + 1 : at) : at - 1;
  return steps[Math.min(steps.length - 1, Math.max(0, next))] ?? value;
}

const LOCAL_KEY = "readerPreferences";

/**
 * The last preferences this device used, so the book opens in them at once and still does
 * when the server cannot be reached; as stored, for preferencesFrom to check. A device
 * setting, not the person's data (like the theme).
 */
export function readLocalPreferences(): unknown {
  return readStoredJson(LOCAL_KEY);
}

export function writeLocalPreferences(preferences: ReaderPreferences): void {
  writeStoredQuietly(LOCAL_KEY, preferences);
}
