import type { ReadiumLocator } from "@folio/contract/reading";
import { describe, expect, it } from "vitest";
import {
  compareLocators,
  parseSavedLocator,
  percentageOf,
  placeOf,
  positionAtFraction,
  positionInResource,
  progressLocatorText,
  screenOf,
  startLocator,
} from "./reader-locator";

const TYPE = "application/xhtml+xml";

/** A small positions list: a title page, then two chapters of three positions each. */
const positions: ReadiumLocator[] = [
  ["title.xhtml", 0, 0],
  ["ch1.xhtml", 0, 0.1],
  ["ch1.xhtml", 0.34, 0.25],
  ["ch1.xhtml", 0.67, 0.4],
  ["ch2.xhtml", 0, 0.55],
  ["ch2.xhtml", 0.34, 0.7],
  ["ch2.xhtml", 0.67, 0.85],
].map(([href, progression, totalProgression], i) => ({
  href: href as string,
  type: TYPE,
  locations: {
    progression: progression as number,
    position: i + 1,
    totalProgression: totalProgression as number,
  },
}));

describe("saved places", () => {
  it("reads a saved Readium locator and leaves an epub.js CFI alone", () => {
    const saved = progressLocatorText({
      href: "ch1.xhtml",
      type: TYPE,
      locations: { progression: 0.5, position: 3, totalProgression: 0.3 },
      text: { highlight: "left out" },
    });
    expect(JSON.parse(saved)).toEqual({
      href: "ch1.xhtml",
      type: TYPE,
      locations: { progression: 0.5, position: 3, totalProgression: 0.3 },
    });
    expect(parseSavedLocator(saved)?.href).toBe("ch1.xhtml");
    expect(parseSavedLocator("epubcfi(/6/8!/4/2)")).toBeNull();
    expect(parseSavedLocator("{not json")).toBeNull();
    expect(parseSavedLocator('{"href": 3}')).toBeNull();
    expect(parseSavedLocator(null)).toBeNull();
  });

  it("keeps a long chapter title within what the progress call accepts", () => {
    const text = progressLocatorText({
      href: "ch1.xhtml",
      type: TYPE,
      title: "A".repeat(3000),
      locations: { progression: 0.5 },
    });
    expect(text.length).toBeLessThan(4000);
  });

  it("opens at the saved locator, with its own progression in the chapter", () => {
    const saved = progressLocatorText({
      href: "ch2.xhtml",
      type: TYPE,
      locations: { progression: 0.5, position: 6 },
    });
    expect(startLocator(positions, { locator: saved, percentage: 75 })).toEqual({
      href: "ch2.xhtml",
      type: TYPE,
      locations: { progression: 0.5, position: 6, totalProgression: 0.7 },
    });
  });

  it("opens an old epub.js place at the position nearest its percentage", () => {
    expect(
      startLocator(positions, { locator: "epubcfi(/6/8!/4/2)", percentage: 42 })?.locations,
    ).toEqual({ progression: 0.67, position: 4, totalProgression: 0.4 });
    // A chapter the edition no longer has falls back the same way.
    const gone = progressLocatorText({ href: "gone.xhtml", type: TYPE, locations: {} });
    expect(startLocator(positions, { locator: gone, percentage: 90 })?.locations?.position).toBe(7);
    expect(startLocator(positions, { locator: "epubcfi(/6/2)", percentage: null })).toBeUndefined();
    expect(startLocator(positions, null)).toBeUndefined();
  });
});

describe("positions", () => {
  it("finds the position holding a fraction of the book", () => {
    expect(positionAtFraction(positions, 0)?.locations?.position).toBe(1);
    expect(positionAtFraction(positions, 0.26)?.locations?.position).toBe(3);
    expect(positionAtFraction(positions, 1)?.locations?.position).toBe(7);
    expect(positionAtFraction(positions, Number.NaN)?.locations?.position).toBe(1);
    expect(positionAtFraction([], 0.5)).toBeUndefined();
  });

  it("finds the position holding a place in a chapter, fragment or not", () => {
    expect(positionInResource(positions, "ch1.xhtml#p4", 0.5)?.locations?.position).toBe(3);
    expect(positionInResource(positions, "ch2.xhtml", 0)?.locations?.position).toBe(5);
    expect(positionInResource(positions, "ch2.xhtml", 0.99)?.locations?.position).toBe(7);
    expect(positionInResource(positions, "missing.xhtml", 0)).toBeUndefined();
  });

  it("fills in a place's position and percentage from the list", () => {
    const place = placeOf(
      { href: "ch1.xhtml", type: TYPE, locations: { progression: 0.7 } },
      positions,
    );
    expect(place).toMatchObject({ position: 4, total: 7, totalProgression: 0.4 });
    expect(percentageOf(place)).toBe(40);
    expect(percentageOf({ totalProgression: 0.12345 })).toBe(12.3);
    expect(percentageOf({ totalProgression: 1.5 })).toBe(100);
  });

  it("reads a finished book as 100%, not its last position's start", () => {
    // A three-position book, one chapter: its last screen starts in the third position (2/3).
    const sample: ReadiumLocator[] = [0, 1 / 3, 2 / 3].map((progression, i) => ({
      href: "sample.xhtml",
      type: TYPE,
      locations: { progression, position: i + 1, totalProgression: i / 3 },
    }));
    const last = sample[2]!;
    expect(percentageOf(placeOf(last, sample))).toBe(66.7);
    expect(percentageOf(placeOf(last, sample, { start: 0.5, end: 1 }))).toBe(100);
    expect(placeOf(last, sample, { start: 0.5, end: 1 }).locator.locations?.totalProgression).toBe(
      1,
    );
    // The end of a chapter that is not the last is not the end of the book.
    const chapterEnd = placeOf(positions[3]!, positions, { start: 0.5, end: 1 });
    expect(chapterEnd.totalProgression).toBe(0.4);
  });

  it("counts the screens of the chapter on show, not positions", () => {
    expect(screenOf(null)).toBeNull();
    expect(screenOf({ start: 0, end: 0 })).toBeNull();
    expect(screenOf({ start: Number.NaN, end: Number.NaN })).toBeNull();
    // Pages a fifth of the chapter wide.
    expect(screenOf({ start: 0, end: 0.2 })).toEqual({ index: 1, count: 5 });
    expect(screenOf({ start: 0.2, end: 0.4 })).toEqual({ index: 2, count: 5 });
    expect(screenOf({ start: 0.8, end: 1 })).toEqual({ index: 5, count: 5 });
    // Four and a half pages: the last is a half.
    expect(screenOf({ start: 0, end: 1 / 4.5 })).toEqual({ index: 1, count: 5 });
    expect(screenOf({ start: 3.5 / 4.5, end: 1 })).toEqual({ index: 5, count: 5 });
    // A chapter that fits on one screen.
    expect(screenOf({ start: 0, end: 1 })).toEqual({ index: 1, count: 1 });
    // Scrolled part of the way: the nearest screen; at the bottom, the last.
    expect(screenOf({ start: 0.05, end: 0.3 })).toEqual({ index: 1, count: 4 });
    expect(screenOf({ start: 0.3, end: 0.55 })).toEqual({ index: 2, count: 4 });
    expect(screenOf({ start: 0.7, end: 1 })).toEqual({ index: 4, count: 4 });
    expect(placeOf(positions[2]!, positions, { start: 0.25, end: 0.5 }).screen).toEqual({
      index: 2,
      count: 4,
    });
    expect(placeOf(positions[2]!, positions).screen).toBeNull();
  });

  it("orders places as they come in the book", () => {
    const order = ["title.xhtml", "ch1.xhtml", "ch2.xhtml"];
    const at = (href: string, progression: number): ReadiumLocator => ({
      href,
      type: TYPE,
      locations: { progression },
    });
    const sorted = [at("ch2.xhtml", 0.1), at("ch1.xhtml", 0.9), at("ch1.xhtml", 0.2)].sort((a, b) =>
      compareLocators(a, b, order),
    );
    expect(sorted.map((l) => `${l.href}@${l.locations?.progression}`)).toEqual([
      "ch1.xhtml@0.2",
      "ch1.xhtml@0.9",
      "ch2.xhtml@0.1",
    ]);
  });
});
