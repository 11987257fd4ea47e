import {
  DEFAULT_READER_PREFERENCES,
  MAX_BOOK_PREFERENCES,
  type ReaderPreferences,
} from "@folio/contract/reading";
import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../test/books";
import { readLocalPreferences, writeLocalPreferences } from "../reader-theme";
import { readingKeys } from "../reading-queries";
import { postsTo, renderReaderHook, serveReading } from "../test-reader-hooks";
import {
  preferencesFrom,
  PREFERENCES_SAVE_DELAY_MS,
  useReaderPreferences,
} from "./use-reader-preferences";

const fromServer = (preferences: Partial<ReaderPreferences>) => () =>
  jsonResponse({
    state: "success",
    preferences: { ...DEFAULT_READER_PREFERENCES, ...preferences },
    updatedAt: "2030-01-01T00:00:00.000Z",
  });

describe("useReaderPreferences", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("applies a change at once, keeps it on this device and sends the last of a burst to the server", async () => {
    vi.useFakeTimers();
    const fetchMock = serveReading();
    const { result } = renderReaderHook(() => useReaderPreferences());
    expect(result.current.theme).toBe("light");

    act(() => result.current.change({ theme: "sepia" }));
    act(() => result.current.change({ fontSize: 1.1 }));
    act(() => result.current.change({ fontSize: 1.2, layout: "scrolled" }));
    const chosen = {
      ...DEFAULT_READER_PREFERENCES,
      theme: "sepia",
      fontSize: 1.2,
      layout: "scrolled",
    };
    expect(result.current.preferences).toEqual(chosen);
    expect(result.current.theme).toBe("sepia");
    // What the navigator is told: the sepia page, the larger text, scrolling.
    expect(result.current.look).toMatchObject({
      fontSize: 1.2,
      scroll: true,
      backgroundColor: "#f4ecd8",
      textColor: "#4b3621",
    });
    expect(readLocalPreferences()).toEqual(chosen);

    await act(() => vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS - 1));
    expect(postsTo(fetchMock, "/api/reading/preferences")).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() =>
      expect(postsTo(fetchMock, "/api/reading/preferences")).toEqual([{ preferences: chosen }]),
    );
  });

  it("opens in this device's last settings, then takes the ones chosen on another device", async () => {
    writeLocalPreferences({ ...DEFAULT_READER_PREFERENCES, theme: "sepia", fontSize: 1.5 });
    serveReading({ "/api/reading/preferences": fromServer({ theme: "dark", margins: "wide" }) });
    const { result } = renderReaderHook(() => useReaderPreferences());
    expect(result.current.preferences).toMatchObject({ theme: "sepia", fontSize: 1.5 });

    await waitFor(() => expect(result.current.theme).toBe("dark"));
    expect(result.current.preferences).toMatchObject({ fontSize: 1, margins: "wide" });
    expect(result.current.look).toMatchObject({ pageGutter: 56, backgroundColor: "#1c1916" });
    expect(readLocalPreferences()).toMatchObject({ theme: "dark", margins: "wide" });
  });

  it("keeps a change made here over the server's settings that arrive after it", async () => {
    let answer: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fetchMock = serveReading();
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      requestUrl(input).pathname === "/api/reading/preferences" && init?.method !== "POST"
        ? late
        : served(input, init),
    );
    const { result, client } = renderReaderHook(() => useReaderPreferences());
    act(() => result.current.change({ theme: "sepia" }));
    answer(fromServer({ theme: "dark" })());
    await waitFor(() =>
      expect(client.getQueryData(readingKeys.preferences())).toMatchObject({ theme: "dark" }),
    );
    // The hook hears of the answer on the query client's next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current.theme).toBe("sepia");
    expect(readLocalPreferences()).toMatchObject({ theme: "sepia" });
  });

  it("tells the navigator nothing new while nothing it shows has changed", () => {
    serveReading();
    const { result, rerender } = renderReaderHook(() => useReaderPreferences());
    const look = result.current.look;
    rerender();
    expect(result.current.look).toBe(look);
  });

  it("keeps the layout and text size set for a book to that book", async () => {
    vi.useFakeTimers();
    const fetchMock = serveReading();
    const moby = renderReaderHook(() => useReaderPreferences("12"));
    act(() => moby.result.current.change({ fontSize: 1.35, layout: "scrolled" }));
    act(() => moby.result.current.change({ theme: "dark", textAlign: "justify" }));
    expect(moby.result.current.preferences).toMatchObject({
      fontSize: 1.35,
      layout: "scrolled",
      theme: "dark",
      textAlign: "justify",
    });
    expect(moby.result.current.look).toMatchObject({ fontSize: 1.35, scroll: true });
    const kept = {
      ...DEFAULT_READER_PREFERENCES,
      theme: "dark",
      textAlign: "justify",
      books: { "12": { fontSize: 1.35, layout: "scrolled" } },
    };
    expect(readLocalPreferences()).toEqual(kept);
    await act(() => vi.advanceTimersByTimeAsync(PREFERENCES_SAVE_DELAY_MS));
    await vi.waitFor(() =>
      expect(postsTo(fetchMock, "/api/reading/preferences")).toEqual([{ preferences: kept }]),
    );
    moby.unmount();

    // Another book opens in the reader's own text size and layout, with the theme chosen.
    const other = renderReaderHook(() => useReaderPreferences("13"));
    expect(other.result.current.preferences).toEqual({ ...kept, fontSize: 1, layout: "paginated" });
    act(() => other.result.current.change({ fontSize: 0.85 }));
    other.unmount();
    const again = renderReaderHook(() => useReaderPreferences("12"));
    expect(again.result.current.preferences).toMatchObject({ fontSize: 1.35, layout: "scrolled" });
    expect(readLocalPreferences()).toMatchObject({
      fontSize: 1,
      books: { "12": { fontSize: 1.35, layout: "scrolled" }, "13": { fontSize: 0.85 } },
    });
  });

  it("keeps each valid book of a stored copy and only so many, the newest", () => {
    const books: Record<string, unknown> = {
      "1": { fontSize: 1.2 },
      "2": { fontSize: 9 },
      x: { layout: "scrolled" },
      "3": { layout: "sideways", fontSize: 1.1 },
    };
    expect(preferencesFrom({ books }).books).toEqual({ "1": { fontSize: 1.2 } });
    const many = Object.fromEntries(
      Array.from({ length: MAX_BOOK_PREFERENCES + 2 }, (_, i) => [
        String(i + 1),
        { fontSize: 1.1 },
      ]),
    );
    const kept = Object.keys(preferencesFrom({ books: many }).books ?? {});
    expect(kept).toHaveLength(MAX_BOOK_PREFERENCES);
    expect(kept).not.toContain("1");
    expect(kept).toContain(String(MAX_BOOK_PREFERENCES + 2));
  });

  it("keeps every valid field of an older copy and gives the rest their defaults", () => {
    window.localStorage.setItem(
      "readerPreferences",
      JSON.stringify({ theme: "dark", fontSize: 110, margins: "huge" }),
    );
    serveReading();
    const { result } = renderReaderHook(() => useReaderPreferences());
    expect(result.current.preferences).toEqual({ ...DEFAULT_READER_PREFERENCES, theme: "dark" });
  });
});
