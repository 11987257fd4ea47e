import { DEFAULT_READER_PREFERENCES } from "@folio/contract/reading";
import { act, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/books";
import { openPublication } from "../readium-adapter";
import { navigatorPreferences } from "../reader-theme";
import type { SavedPosition } from "../reading-position";
import { fakeBook, POSITIONS, type FakeBook } from "../test-publication";
import { renderReaderHook, serveReading } from "../test-reader-hooks";
import { usePublicationReader } from "./use-publication-reader";

vi.mock("../readium-adapter", () => ({ openPublication: vi.fn() }));

const MANIFEST = "/api/publications/12/grant-1/manifest.json";
const LIGHT = navigatorPreferences(DEFAULT_READER_PREFERENCES, "light");
const DARK = navigatorPreferences({ ...DEFAULT_READER_PREFERENCES, fontSize: 1.5 }, "dark");

type Props = Parameters<typeof usePublicationReader>[0];

function renderReader(saved: SavedPosition | null) {
  const onMoved = vi.fn<Props["onMoved"]>();
  const initialProps: Props = {
    bookId: "12",
    preferences: LIGHT,
    savedPosition: () => Promise.resolve(saved),
    listeners: { frameLoaded: vi.fn(), tapped: vi.fn(), selected: vi.fn() },
    onMoved,
  };
  const rendered = renderReaderHook((props: Props) => usePublicationReader(props), {
    initialProps,
  });
  // Where the page puts the book, as its stage would give it.
  rendered.result.current.containerRef.current = document.createElement("div");
  return { ...rendered, onMoved, initialProps };
}

describe("usePublicationReader", () => {
  let book: FakeBook;

  beforeEach(() => {
    book = fakeBook();
    vi.mocked(openPublication).mockReset().mockResolvedValue(book.publication);
    serveReading({
      "/api/reading/publication": () =>
        jsonResponse({
          state: "success",
          manifestURL: MANIFEST,
          expiresAt: "2030-01-01T00:00:00.000Z",
          dueAt: "2030-01-01T00:00:00.000Z",
        }),
    });
  });

  it("opens the book at the saved place, and says it is the opening", async () => {
    const { result, onMoved } = renderReader({
      locator: JSON.stringify(POSITIONS[6]),
      percentage: 60,
      savedAt: "2030-01-01T00:00:00.000Z",
    });
    await waitFor(() => expect(result.current.status).toEqual({ phase: "ready" }));
    expect(openPublication).toHaveBeenCalledWith(MANIFEST, expect.any(AbortSignal));
    expect(book.rendered()?.start).toMatchObject({ href: "ch2.xhtml", locations: { position: 7 } });
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(onMoved).toHaveBeenLastCalledWith(expect.objectContaining({ position: 7 }), true);

    act(() => result.current.turn("next"));
    expect(onMoved).toHaveBeenLastCalledWith(expect.objectContaining({ position: 8 }), false);
  });

  it("opens a first reading at the start", async () => {
    const { result } = renderReader(null);
    await waitFor(() => expect(result.current.status).toEqual({ phase: "ready" }));
    expect(book.rendered()?.start).toBeUndefined();
  });

  it("applies a new look to the open book without opening it again", async () => {
    const { result, rerender, initialProps } = renderReader(null);
    await waitFor(() => expect(result.current.status).toEqual({ phase: "ready" }));
    expect(book.rendered()?.preferences).toEqual(LIGHT);

    rerender({ ...initialProps, preferences: DARK });
    await waitFor(() => expect(book.view.setPreferences).toHaveBeenLastCalledWith(DARK));
    rerender({ ...initialProps, preferences: DARK });
    expect(book.view.setPreferences).toHaveBeenCalledTimes(2);
    expect(openPublication).toHaveBeenCalledTimes(1);
    expect(book.publication.render).toHaveBeenCalledTimes(1);
  });
});
