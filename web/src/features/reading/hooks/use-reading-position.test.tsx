import { act } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/books";
import { placeOf } from "../reader-locator";
import { readLocalPosition } from "../reading-position";
import { POSITIONS } from "../test-publication";
import { postsTo, renderReaderHook, serveReading } from "../test-reader-hooks";
import { SAVE_DELAY_MS } from "./use-progress-saver";
import { useReadingPosition } from "./use-reading-position";

const placeAt = (index: number) => placeOf(POSITIONS[index]!, POSITIONS);

const serverPlace = (locator: string, percentage: number, updatedAt: string) => () =>
  jsonResponse({ state: "success", bookId: "12", locator, percentage, updatedAt });

const CHAPTER_2 = JSON.stringify({
  href: "ch2.xhtml",
  type: "application/xhtml+xml",
  locations: { progression: 0.4, position: 8, totalProgression: 0.7 },
});

describe("useReadingPosition", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens a first reading at the start, and otherwise where the server says", async () => {
    serveReading();
    const first = renderReaderHook(() => useReadingPosition("12"));
    await expect(first.result.current.saved("12")).resolves.toBeNull();

    serveReading({
      "/api/reading/progress": serverPlace(CHAPTER_2, 70, "2030-01-01T00:00:00.000Z"),
    });
    const { result } = renderReaderHook(() => useReadingPosition("12"));
    await expect(result.current.saved("12")).resolves.toEqual({
      locator: CHAPTER_2,
      percentage: 70,
      savedAt: "2030-01-01T00:00:00.000Z",
    });
  });

  it("keeps the opening place unsaved, saves each turn here at once and on the server after a pause", async () => {
    vi.useFakeTimers();
    const fetchMock = serveReading();
    const { result } = renderReaderHook(() => useReadingPosition("12"));

    act(() => result.current.moved(placeAt(0), true));
    expect(result.current.place).toMatchObject({ position: 1, total: 10 });
    expect(readLocalPosition("12")).toBeNull();

    act(() => result.current.moved(placeAt(3), false));
    expect(result.current.place).toMatchObject({ position: 4 });
    expect(JSON.parse(readLocalPosition("12")!.locator)).toMatchObject({
      href: "ch1.xhtml",
      locations: { progression: 0.5, position: 4 },
    });
    // Turns come quickly: the server hears only the place the reader stops at.
    act(() => result.current.moved(placeAt(4), false));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1));
    expect(postsTo(fetchMock, "/api/reading/progress")).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(postsTo(fetchMock, "/api/reading/progress")).toHaveLength(1));
    const [saved] = postsTo(fetchMock, "/api/reading/progress") as {
      bookId: string;
      locator: string;
      percentage: number;
    }[];
    expect(saved).toMatchObject({ bookId: "12", percentage: 40 });
    expect(JSON.parse(saved!.locator)).toEqual({
      href: "ch1.xhtml",
      type: "application/xhtml+xml",
      locations: { progression: 0.75, position: 5, totalProgression: 0.4 },
    });
  });

  it("saves without the pause when the reader leaves the page", async () => {
    vi.useFakeTimers();
    const fetchMock = serveReading();
    const { result } = renderReaderHook(() => useReadingPosition("12"));
    act(() => result.current.moved(placeAt(2), false));
    window.dispatchEvent(new Event("pagehide"));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1));
    expect(postsTo(fetchMock, "/api/reading/progress")).toMatchObject([
      { bookId: "12", percentage: 20 },
    ]);
  });

  it("opens where this browser last was when that is newer than the server's copy", async () => {
    serveReading({
      "/api/reading/progress": serverPlace(CHAPTER_2, 70, "2020-01-01T00:00:00.000Z"),
    });
    const before = renderReaderHook(() => useReadingPosition("12"));
    act(() => before.result.current.moved(placeAt(3), false));
    before.unmount();

    const { result } = renderReaderHook(() => useReadingPosition("12"));
    const saved = await result.current.saved("12");
    expect(saved?.percentage).toBe(30);
    expect(JSON.parse(saved!.locator)).toMatchObject({
      href: "ch1.xhtml",
      locations: { position: 4 },
    });
  });
});
