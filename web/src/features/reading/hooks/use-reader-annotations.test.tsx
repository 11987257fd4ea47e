import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/books";
import { placeOf } from "../reader-locator";
import { chapterFrame, fakeBook, POSITIONS, selectInFrame } from "../test-publication";
import { postsTo, renderReaderHook, serveReading } from "../test-reader-hooks";
import { useChapters } from "./use-chapters";
import { useReaderAnnotations } from "./use-reader-annotations";

/** The hook as the reader uses it, on the first page of chapter 1. */
function renderAnnotations() {
  const book = fakeBook();
  void book.view.next();
  const place = placeOf(POSITIONS[1]!, POSITIONS);
  const onOpenHighlight = vi.fn();
  const rendered = renderReaderHook(() => {
    const chapters = useChapters(book.publication, place.locator.href);
    return useReaderAnnotations({
      bookId: "12",
      publication: book.publication,
      view: book.view,
      place,
      chapters,
      onOpenHighlight,
    });
  });
  return { ...rendered, onOpenHighlight };
}

/** A chapter's frame in which jsdom, which lays nothing out, puts every line at one spot. */
function laidOutFrame(href: string): Window {
  const frame = chapterFrame(href) as Window & typeof globalThis;
  frame.Range.prototype.getClientRects = () =>
    [new DOMRect(20, 40, 120, 18)] as unknown as DOMRectList;
  return frame;
}

describe("useReaderAnnotations", () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll("iframe")) frame.remove();
  });

  it("bookmarks the page on screen with its first words, and takes the bookmark off again", async () => {
    const fetchMock = serveReading();
    const { result } = renderAnnotations();
    expect(result.current.pageBookmark).toBeUndefined();

    await act(() => result.current.toggleBookmark());
    await waitFor(() => expect(result.current.pageBookmark).toMatchObject({ id: "101" }));
    expect(postsTo(fetchMock, "/api/reading/annotations")).toMatchObject([
      {
        bookId: "12",
        kind: "bookmark",
        locator: { href: "ch1.xhtml", title: "Chapter 1. Loomings.", locations: { position: 2 } },
        text: expect.stringMatching(/^Call me Ishmael\. Some years ago/) as unknown,
      },
    ]);

    await act(() => result.current.toggleBookmark());
    await waitFor(() => expect(result.current.pageBookmark).toBeUndefined());
    await waitFor(() =>
      expect(postsTo(fetchMock, "/api/reading/annotations/delete")).toEqual([{ id: "101" }]),
    );
  });

  it("highlights the selected text in a colour and lets go of the selection", async () => {
    const fetchMock = serveReading();
    const { result } = renderAnnotations();
    const frame = chapterFrame("ch1.xhtml");
    selectInFrame(frame, "Call me Ishmael.");
    act(() => result.current.selected(frame));
    expect(result.current.selection?.locator).toMatchObject({
      href: "ch1.xhtml",
      text: { highlight: "Call me Ishmael." },
    });

    act(() => result.current.highlight("green", "The narrator"));
    expect(result.current.selection).toBeNull();
    expect(frame.getSelection()?.isCollapsed).toBe(true);
    await waitFor(() => expect(postsTo(fetchMock, "/api/reading/annotations")).toHaveLength(1));
    expect(postsTo(fetchMock, "/api/reading/annotations")[0]).toMatchObject({
      kind: "highlight",
      color: "green",
      note: "The narrator",
      text: "Call me Ishmael.",
      locator: { href: "ch1.xhtml", title: "Chapter 1. Loomings." },
    });
  });

  it("takes a tap on the text to let go of a selection, and leaves other taps to the chrome", () => {
    serveReading();
    const { result } = renderAnnotations();
    const frame = chapterFrame("ch1.xhtml");
    expect(result.current.tapped(frame, 30, 45)).toBe(false);

    selectInFrame(frame, "Call me Ishmael.");
    act(() => result.current.selected(frame));
    let taken = false;
    act(() => {
      taken = result.current.tapped(frame, 30, 45);
    });
    expect(taken).toBe(true);
    expect(result.current.selection).toBeNull();
  });

  it("draws the highlights in a chapter's frame, and opens the one tapped", async () => {
    serveReading({
      "/api/reading/annotations": () =>
        jsonResponse({
          state: "success",
          annotations: [
            {
              id: "7",
              bookId: "12",
              kind: "highlight",
              locator: {
                href: "ch1.xhtml",
                type: "application/xhtml+xml",
                locations: { progression: 0 },
                text: { highlight: "Call me Ishmael." },
              },
              text: "Call me Ishmael.",
              note: null,
              color: "blue",
              createdAt: "2030-01-01T00:00:00.000Z",
              updatedAt: "2030-01-01T00:00:00.000Z",
            },
          ],
        }),
    });
    const { result, onOpenHighlight } = renderAnnotations();
    const frame = laidOutFrame("ch1.xhtml");
    act(() => result.current.frameLoaded(frame));
    // Before the list is in, nothing is drawn there.
    expect(result.current.tapped(frame, 30, 45)).toBe(false);

    // The list arrives: the frame already loaded is drawn again.
    await waitFor(() => expect(result.current.annotations).toHaveLength(1));
    act(() => {
      result.current.tapped(frame, 30, 45);
    });
    expect(onOpenHighlight).toHaveBeenCalledWith("7");
  });
});
