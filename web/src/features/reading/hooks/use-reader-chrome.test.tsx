import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chapterFrame } from "../test-publication";
import { CONTROLS_LINGER_MS, TAP_REPEAT_MS, useReaderChrome } from "./use-reader-chrome";

type Props = Parameters<typeof useReaderChrome>[0];

function renderChrome(props: Partial<Props> = {}) {
  const onTurn = vi.fn<Props["onTurn"]>();
  const initialProps: Props = { ready: true, paginated: true, onTurn, ...props };
  const rendered = renderHook((given: Props) => useReaderChrome(given), { initialProps });
  return { ...rendered, onTurn };
}

/** A key pressed on the page (or, given a target, on that element). */
function press(key: string, target: EventTarget = window, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

describe("useReaderChrome", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the bars while the book opens, and steps them aside a moment after", () => {
    vi.useFakeTimers();
    const { result, rerender, onTurn } = renderChrome({ ready: false });
    expect(result.current.barsShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(CONTROLS_LINGER_MS * 2);
    });
    expect(result.current.barsShown).toBe(true);

    rerender({ ready: true, paginated: true, onTurn });
    act(() => {
      vi.advanceTimersByTime(CONTROLS_LINGER_MS - 1);
    });
    expect(result.current.barsShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.barsShown).toBe(false);
  });

  it("keeps the bars the reader asked for past the moment they would step aside", () => {
    vi.useFakeTimers();
    const { result } = renderChrome();
    press("Enter");
    press("Enter");
    expect(result.current.barsShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(CONTROLS_LINGER_MS);
    });
    expect(result.current.barsShown).toBe(true);
  });

  it("turns pages with the arrows, Page Up/Down and space, and the bars step aside", () => {
    const { result, onTurn } = renderChrome();
    expect(press("ArrowRight").defaultPrevented).toBe(true);
    press("PageDown");
    press(" ");
    press(" ", window, { shiftKey: true });
    press("ArrowLeft");
    expect(onTurn.mock.calls.map(([direction]) => direction)).toEqual([
      "next",
      "next",
      "next",
      "prev",
      "prev",
    ]);
    expect(result.current.barsShown).toBe(false);
  });

  it("shows and hides the bars with Enter, and hides them with Escape", () => {
    const { result } = renderChrome();
    press("Enter");
    expect(result.current.barsShown).toBe(false);
    press("Enter");
    expect(result.current.barsShown).toBe(true);
    press("Escape");
    expect(result.current.barsShown).toBe(false);
  });

  it("lets Escape close what is over the text first", () => {
    const onEscape = vi.fn(() => true);
    const { result } = renderChrome({ onEscape });
    press("Escape");
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(result.current.barsShown).toBe(true);
  });

  it("in a scrolled book turns a screen with the arrows, Page Up/Down and space", () => {
    const { onTurn } = renderChrome({ paginated: false });
    // The book turns the screen; the browser's own few lines of scrolling do not come too.
    expect(press("ArrowDown").defaultPrevented).toBe(true);
    press("PageDown");
    press(" ");
    press("ArrowRight");
    press("ArrowUp");
    press("PageUp");
    press(" ", window, { shiftKey: true });
    press("ArrowLeft");
    expect(onTurn.mock.calls).toEqual([
      ["next"],
      ["next"],
      ["next"],
      ["next"],
      ["prev"],
      ["prev"],
      ["prev"],
      ["prev"],
    ]);
  });

  it("leaves keys to the field or button they are pressed on, and to shortcuts", () => {
    const { result, onTurn } = renderChrome();
    const field = document.body.appendChild(document.createElement("input"));
    const button = document.body.appendChild(document.createElement("button"));
    press("ArrowRight", field);
    press("Enter", button);
    press("ArrowRight", window, { altKey: true });
    expect(onTurn).not.toHaveBeenCalled();
    expect(result.current.barsShown).toBe(true);
    field.remove();
    button.remove();
  });

  it("hands the keys to a panel while it is open, and back when it closes", () => {
    const { result, onTurn } = renderChrome();
    act(() => result.current.open({ kind: "contents" }));
    expect(result.current.dialog).toEqual({ kind: "contents" });
    press("ArrowRight");
    expect(onTurn).not.toHaveBeenCalled();
    act(() => result.current.close());
    press("ArrowRight");
    expect(onTurn).toHaveBeenCalledWith("next");
  });

  it("hears the keys pressed inside a chapter's frame", () => {
    const { result, onTurn } = renderChrome();
    const frame = chapterFrame("ch1.xhtml");
    act(() => {
      result.current.listenTo(frame);
      // The same frame loaded again still turns one page a key.
      result.current.listenTo(frame);
    });
    press("ArrowRight", frame.document.body);
    expect(onTurn.mock.calls).toEqual([["next"]]);
    frame.frameElement?.remove();
  });

  it("turns pages with taps on the outer thirds and shows the bars with one in the middle", () => {
    vi.useFakeTimers();
    const { result, onTurn } = renderChrome();
    const width = window.innerWidth;
    act(() => result.current.tappedAt(10));
    act(() => result.current.tappedAt(width - 10));
    expect(onTurn.mock.calls).toEqual([["prev"], ["next"]]);
    expect(result.current.barsShown).toBe(false);

    act(() => result.current.tappedAt(width / 2));
    expect(result.current.barsShown).toBe(true);
    // The same tap reported a second time (pointer and click) does not hide them again.
    act(() => result.current.tappedAt(width / 2));
    expect(result.current.barsShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(TAP_REPEAT_MS);
    });
    act(() => result.current.tappedAt(width / 2));
    expect(result.current.barsShown).toBe(false);
  });

  it("only shows and hides the bars with a tap in a scrolled book", () => {
    const { result, onTurn } = renderChrome({ paginated: false });
    act(() => result.current.tappedAt(10));
    expect(onTurn).not.toHaveBeenCalled();
    expect(result.current.barsShown).toBe(false);
  });

  it("goes back to the book after a jump: the panel closes, the book has focus, the bars step aside", () => {
    vi.useFakeTimers();
    const { result } = renderChrome();
    const stage = document.body.appendChild(document.createElement("main"));
    stage.tabIndex = -1;
    result.current.stageRef.current = stage;
    act(() => result.current.open({ kind: "search" }));
    act(() => result.current.backToBook());
    expect(result.current.dialog).toBeNull();
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(stage).toHaveFocus();
    expect(result.current.barsShown).toBe(false);
    stage.remove();
  });
});
