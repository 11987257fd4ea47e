import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { placeOf } from "../reader-locator";
import { DEFAULT_PACE } from "../reading-pace";
import { POSITIONS } from "../test-publication";
import { ReaderBottomBar } from "./reader-bottom-bar";

function labelFor(place: Parameters<typeof ReaderBottomBar>[0]["place"]) {
  const { container } = render(
    <ReaderBottomBar
      chapter="Chapter 2. The Carpet-Bag."
      place={place}
      positions={POSITIONS}
      pace={DEFAULT_PACE}
      ready
      onGo={() => undefined}
      onFocus={() => undefined}
    />,
  );
  return container.querySelector(".reader-progress__page")!.textContent;
}

describe("ReaderBottomBar", () => {
  it("shows the page of the chapter once it is measured, and nothing before", () => {
    expect(labelFor(null)).toBe("\u00a0");
    expect(labelFor(placeOf(POSITIONS[8]!, POSITIONS))).toBe("\u00a0");
    expect(labelFor(placeOf(POSITIONS[8]!, POSITIONS, { start: 0.6, end: 0.8 }))).toBe(
      "Page 4 of 5 · 80%",
    );
  });

  it("says 100% only at the book's end, never for a page just before it", () => {
    const nearly = placeOf(
      { ...POSITIONS[9]!, locations: { ...POSITIONS[9]!.locations, totalProgression: 0.996 } },
      POSITIONS,
      { start: 0.6, end: 0.8 },
    );
    expect(labelFor(nearly)).toBe("Page 4 of 5 · 99%");
    expect(labelFor(placeOf(POSITIONS[9]!, POSITIONS, { start: 0.8, end: 1 }))).toBe(
      "Page 5 of 5 · 100%",
    );
  });
});
