import { DEFAULT_READER_PREFERENCES } from "@folio/contract/reading";
import { describe, expect, it } from "vitest";
import {
  DYSLEXIC_FAMILY,
  FONT_SIZE_STEPS,
  LINE_LENGTH,
  navigatorPreferences,
  nextStep,
  shownTheme,
  THEME_COLOURS,
} from "./reader-theme";

describe("reader preferences for the navigator", () => {
  it("follows the system until the reader picks a theme", () => {
    expect(shownTheme("system", true)).toBe("dark");
    expect(shownTheme("system", false)).toBe("light");
    expect(shownTheme("sepia", true)).toBe("sepia");
  });

  it("maps the defaults: the book's own font, pages, a comfortable measure", () => {
    const prefs = navigatorPreferences(DEFAULT_READER_PREFERENCES, "light");
    expect(prefs).toMatchObject({
      fontSize: 1,
      fontFamily: null,
      lineHeight: 1.5,
      pageGutter: 28,
      scroll: false,
      columnCount: null,
      backgroundColor: THEME_COLOURS.light.background,
      textColor: THEME_COLOURS.light.text,
      optimalLineLength: LINE_LENGTH.optimal,
      maximalLineLength: LINE_LENGTH.maximal,
      textAlign: null,
    });
  });

  it("maps each choice the reader makes", () => {
    const prefs = navigatorPreferences(
      {
        fontSize: 1.35,
        fontFamily: "dyslexic",
        lineHeight: 1.8,
        margins: "wide",
        theme: "dark",
        layout: "scrolled",
      },
      "dark",
    );
    expect(prefs.fontFamily).toContain(DYSLEXIC_FAMILY);
    expect(prefs).toMatchObject({
      fontSize: 1.35,
      lineHeight: 1.8,
      pageGutter: 56,
      scroll: true,
      scrollPaddingLeft: 56,
      backgroundColor: "#1c1916",
      textColor: "#e8e0d4",
      textAlign: "start",
    });
    expect(
      navigatorPreferences({ ...DEFAULT_READER_PREFERENCES, fontFamily: "sans" }, "light")
        .fontFamily,
    ).toMatch(/sans-serif$/);
    expect(
      navigatorPreferences({ ...DEFAULT_READER_PREFERENCES, fontFamily: "serif" }, "light")
        .fontFamily,
    ).toMatch(/serif$/);
  });

  it("justifies and hyphenates when asked, and keeps the book's own alignment by default", () => {
    const aligned = (textAlign: "publisher" | "start" | "justify", fontFamily = "publisher") =>
      navigatorPreferences(
        {
          ...DEFAULT_READER_PREFERENCES,
          textAlign,
          fontFamily: fontFamily as "publisher" | "dyslexic",
        },
        "light",
      );
    expect(aligned("justify")).toMatchObject({ textAlign: "justify", hyphens: true });
    expect(aligned("start")).toMatchObject({ textAlign: "start", hyphens: null });
    expect(aligned("publisher")).toMatchObject({ textAlign: null, hyphens: null });
    // Ragged-right for OpenDyslexic, whatever the alignment chosen.
    expect(aligned("justify", "dyslexic")).toMatchObject({ textAlign: "start", hyphens: null });
  });

  it("steps font sizes from wherever the value is", () => {
    expect(nextStep(FONT_SIZE_STEPS, 1, 1)).toBe(1.1);
    expect(nextStep(FONT_SIZE_STEPS, 1, -1)).toBe(0.85);
    expect(nextStep(FONT_SIZE_STEPS, 1.05, 1)).toBe(1.1);
    expect(nextStep(FONT_SIZE_STEPS, 1.05, -1)).toBe(1);
    expect(nextStep(FONT_SIZE_STEPS, 2.5, 1)).toBe(2.5);
    expect(nextStep(FONT_SIZE_STEPS, 0.75, -1)).toBe(0.75);
  });
});
