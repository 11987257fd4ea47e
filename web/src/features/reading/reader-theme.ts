/** Reader preferences, shared by the page and the epubjs adapter (no epubjs import here). */
export const READER_THEMES = ["light", "sepia", "dark"] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

export const THEME_LABELS: Record<ReaderTheme, string> = {
  light: "Light",
  sepia: "Sepia",
  dark: "Dark",
};

/** The book's own colours per theme; the page chrome uses the same pairs in reader.css. */
export const THEME_COLOURS: Record<ReaderTheme, { text: string; background: string }> = {
  light: { text: "#2a211b", background: "#ffffff" },
  sepia: { text: "#4b3621", background: "#f4ecd8" },
  dark: { text: "#e8e0d4", background: "#1c1916" },
};

export const FONT_SIZE_MIN = 80;
export const FONT_SIZE_MAX = 160;
export const FONT_SIZE_STEP = 10;
export const FONT_SIZE_DEFAULT = 100;

export function clampFontSize(percent: number): number {
  if (!Number.isFinite(percent)) return FONT_SIZE_DEFAULT;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(percent)));
}

export function isReaderTheme(value: unknown): value is ReaderTheme {
  return typeof value === "string" && (READER_THEMES as readonly string[]).includes(value);
}
