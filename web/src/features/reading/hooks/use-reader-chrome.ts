import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type SetStateAction,
} from "react";
import type { ReaderPanelName } from "../components/reader-top-bar";
import type { TextSelection } from "../reader-annotations";
import { keyBelongsToControl, turnForKey, zoneOfTap, type TurnDirection } from "../reader-input";

/** How long the bars stay after the book has opened. */
export const CONTROLS_LINGER_MS = 2500;
/** A second toggle of the bars this soon after the first is the same tap reported again. */
export const TAP_REPEAT_MS = 350;

/** What is open over the book: a panel of the top bar, or a highlight's note. */
export type ReaderDialog =
  | { kind: ReaderPanelName }
  | { kind: "new-note"; selection: TextSelection }
  | { kind: "highlight"; id: string };

interface Options {
  /** The book is drawn: keys and taps reach it, and the bars may step aside. */
  ready: boolean;
  paginated: boolean;
  /** Turns the page; the bars have already stepped aside. */
  onTurn: (direction: TurnDirection) => void;
  /** Escape closes what is over the text first (a selection): true when it closed something. */
  onEscape?: () => boolean;
}

/** Whether focus came from the keyboard (a browser without :focus-visible counts it so). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

/**
 * The reader's chrome: the bars, the one panel or dialog open over the book, and the keys and
 * taps that work them. The bars show while the book opens, then step aside; a tap in the middle
 * third, Enter on the book, or Tab into them brings them back; Escape hides them. The outer
 * thirds and the arrow keys turn pages (in a scrolled book the keys turn a screen).
 */
export function useReaderChrome({ ready, paginated, onTurn, onEscape }: Options) {
  const stageRef = useRef<HTMLElement>(null);
  const [shown, setShownNow] = useState(true);
  const [dialog, setDialog] = useState<ReaderDialog | null>(null);
  const lingerTimer = useRef<number | undefined>(undefined);
  const lastToggle = useRef(Number.NEGATIVE_INFINITY);
  // Read when a key or tap comes, so the handlers below stay the same across renders.
  const latest = useRef({ paginated, onTurn, onEscape });
  useEffect(() => {
    latest.current = { paginated, onTurn, onEscape };
  });

  // Whatever the reader does with the bars wins over their stepping aside after the opening.
  const setShown = useCallback((next: SetStateAction<boolean>) => {
    window.clearTimeout(lingerTimer.current);
    setShownNow(next);
  }, []);

  useEffect(() => {
    if (!ready) return;
    lingerTimer.current = window.setTimeout(() => setShownNow(false), CONTROLS_LINGER_MS);
    return () => window.clearTimeout(lingerTimer.current);
  }, [ready]);

  const turn = useCallback(
    (direction: TurnDirection) => {
      setShown(false);
      latest.current.onTurn(direction);
    },
    [setShown],
  );

  const handleKey = useCallback(
    (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape") {
        if (!latest.current.onEscape?.()) setShown(false);
        return;
      }
      if (keyBelongsToControl(event.target, event.key)) return;
      if (event.key === "Enter") {
        event.preventDefault();
        setShown((now) => !now);
        return;
      }
      const direction = turnForKey(event.key, event.shiftKey);
      if (!direction) return;
      event.preventDefault();
      turn(direction);
    },
    [setShown, turn],
  );

  const listening = ready && dialog === null;
  useEffect(() => {
    if (!listening) return;
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [listening, handleKey]);

  /**
   * Keys pressed while a chapter's frame has focus never reach the page: it forwards them. One
   * handler for every frame, so a frame loaded again is not listened to twice.
   */
  const listenTo = useCallback(
    (frame: Window) => frame.document.addEventListener("keydown", handleKey),
    [handleKey],
  );

  /** A tap at `pageX`: the outer thirds of the page turn it, the middle shows or hides the bars. */
  const tappedAt = useCallback(
    (pageX: number) => {
      const zone = zoneOfTap(pageX, window.innerWidth, latest.current.paginated);
      if (zone !== "middle") {
        turn(zone);
        return;
      }
      // One tap can reach us twice (the frame's pointer and click reports): toggle once.
      const now = performance.now();
      if (now - lastToggle.current < TAP_REPEAT_MS) return;
      lastToggle.current = now;
      setShown((shownNow) => !shownNow);
    },
    [turn, setShown],
  );

  /** A tap on the text of a chapter, `x` in its frame's own pixels. */
  const tappedInFrame = useCallback(
    (frame: Window, x: number) =>
      tappedAt((frame.frameElement?.getBoundingClientRect().left ?? 0) + x),
    [tappedAt],
  );

  // Tabbing into a hidden bar brings it back; focus given back after a click does not.
  const showForKeyboard = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (isKeyboardFocus(event.target)) setShown(true);
    },
    [setShown],
  );

  const close = useCallback(() => setDialog(null), []);

  /** Closes what is open and hands the keys back to the book, as a jump to a place does. */
  const backToBook = useCallback(() => {
    setDialog(null);
    // Once the panel has given focus back to its button: keys turn pages, and the bars step aside.
    window.setTimeout(() => {
      stageRef.current?.focus({ preventScroll: true });
      setShown(false);
    }, 0);
  }, [setShown]);

  return {
    stageRef,
    /** Whether the bars are on screen: always while the book is still opening. */
    barsShown: shown || !ready,
    dialog,
    open: setDialog,
    close,
    backToBook,
    listenTo,
    tappedAt,
    tappedInFrame,
    showForKeyboard,
  };
}
