import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  applyThemeChoice,
  readThemeChoice,
  saveThemeChoice,
  startTheme,
  THEME_STORAGE_KEY,
  useThemeChoice,
} from "./theme";

const pinned = () => document.documentElement.dataset.theme;

/** What another tab's write looks like here: the storage changed, then the event. */
function choiceFromAnotherTab(value: string | null) {
  if (value === null) window.localStorage.removeItem(THEME_STORAGE_KEY);
  else window.localStorage.setItem(THEME_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: value }));
}

afterEach(() => applyThemeChoice("system"));

describe("the theme choice", () => {
  it("follows the system until the reader chooses: nothing is pinned for CSS to override", () => {
    expect(readThemeChoice()).toBe("system");
    const stop = startTheme();
    expect(pinned()).toBeUndefined();
    stop();
  });

  it("remembers a choice on this device and pins it on the page at once", () => {
    saveThemeChoice("dark");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(readThemeChoice()).toBe("dark");
    expect(pinned()).toBe("dark");

    saveThemeChoice("light");
    expect(pinned()).toBe("light");
  });

  it("hands the page back to the system and forgets the key when told to follow it", () => {
    saveThemeChoice("dark");
    saveThemeChoice("system");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(pinned()).toBeUndefined();
  });

  it("applies the stored choice on start, before anything is drawn", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark");
    const stop = startTheme();
    expect(pinned()).toBe("dark");
    stop();
  });

  it("reads an unknown stored value as following the system", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "sepia");
    expect(readThemeChoice()).toBe("system");
  });

  it("keeps working when storage is blocked", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(readThemeChoice()).toBe("system");
    expect(() => saveThemeChoice("dark")).not.toThrow();
    // The choice still shows until the page is reloaded.
    expect(pinned()).toBe("dark");
  });

  it("takes up a choice made in another tab", () => {
    const stop = startTheme();
    choiceFromAnotherTab("dark");
    expect(pinned()).toBe("dark");
    choiceFromAnotherTab(null);
    expect(pinned()).toBeUndefined();
    stop();
  });

  it("tells the switch about every change, from this tab or another", () => {
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe("system");
    act(() => saveThemeChoice("light"));
    expect(result.current).toBe("light");
    act(() => choiceFromAnotherTab("dark"));
    expect(result.current).toBe("dark");
  });
});
