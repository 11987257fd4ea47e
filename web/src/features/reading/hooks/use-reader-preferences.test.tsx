import { DEFAULT_READER_PREFERENCES, type ReaderPreferences } from "@folio/contract/reading";
import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../test/books";
import { readLocalPreferences, writeLocalPreferences } from "../reader-theme";
import { readingKeys } from "../reading-queries";
import { postsTo, renderReaderHook, serveReading } from "../test-reader-hooks";
import { PREFERENCES_SAVE_DELAY_MS, useReaderPreferences } from "./use-reader-preferences";

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
