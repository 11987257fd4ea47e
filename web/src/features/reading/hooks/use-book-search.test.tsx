import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CHAPTER_TEXTS } from "../test-publication";
import { useBookSearch } from "./use-book-search";

const HREFS = ["title.xhtml", "ch1.xhtml", "ch2.xhtml"];

function chapters() {
  return vi.fn((href: string) => Promise.resolve(CHAPTER_TEXTS[href] ?? ""));
}

describe("useBookSearch", () => {
  it("finds a word in every chapter, in book order, each hit in its sentence", async () => {
    const { result } = renderHook(() => useBookSearch(HREFS, chapters()));
    act(() => result.current.search("  ishmael "));
    expect(result.current).toMatchObject({ query: "ishmael", searching: true });

    await waitFor(() => expect(result.current.searching).toBe(false));
    expect(result.current.hits.map((hit) => [hit.href, hit.match, hit.after])).toEqual([
      ["ch1.xhtml", "Ishmael", ". Some years ago, never mind how long"],
      ["ch2.xhtml", "Ishmael", " went to New Bedford."],
    ]);
  });

  it("says nothing was found rather than searching for a single letter", async () => {
    const read = chapters();
    const { result } = renderHook(() => useBookSearch(HREFS, read));
    act(() => result.current.search("a"));
    expect(result.current).toMatchObject({ query: "a", hits: [], searching: false });
    expect(read).not.toHaveBeenCalled();

    act(() => result.current.search("whale"));
    await waitFor(() => expect(result.current.searching).toBe(false));
    expect(result.current.hits).toEqual([]);
  });

  it("drops a search when a new one starts", async () => {
    // The first reading of chapter 1 is slow: the first search is still on it when the second
    // starts, and the second is done before it.
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readings = 0;
    const read = vi.fn(async (href: string) => {
      if (href === "ch1.xhtml" && ++readings === 1) await slow;
      return CHAPTER_TEXTS[href] ?? "";
    });
    const { result } = renderHook(() => useBookSearch(HREFS, read));
    act(() => result.current.search("ishmael"));
    await waitFor(() => expect(read).toHaveBeenCalledWith("ch1.xhtml"));

    act(() => result.current.search("carpet"));
    await waitFor(() => expect(result.current.searching).toBe(false));
    await act(async () => {
      release();
      await slow;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current.query).toBe("carpet");
    expect(result.current.hits.map((hit) => hit.match)).toEqual(["carpet"]);
  });

  it("finds nothing before the book's text can be read", () => {
    const { result } = renderHook(() => useBookSearch(HREFS, null));
    act(() => result.current.search("ishmael"));
    expect(result.current).toMatchObject({ query: "ishmael", hits: [], searching: false });
  });
});
