/** How keys and taps move through the book. */

export type TurnDirection = "next" | "prev";

/**
 * The turn a key asks for: arrows, Page Up/Down and space (Shift+space goes back). In pages a
 * turn is a page; in a scrolled book it is a screen's height (readium-adapter.ts), so the keys
 * read on through the chapter, as they do through pages, and then into the next.
 */
export function turnForKey(key: string, shift: boolean): TurnDirection | null {
  if (key === "ArrowRight" || key === "ArrowDown" || key === "PageDown") return "next";
  if (key === "ArrowLeft" || key === "ArrowUp" || key === "PageUp") return "prev";
  if (key === " " || key === "Spacebar") return shift ? "prev" : "next";
  return null;
}

/**
 * What a tap does, by where it lands across the screen: the left third goes back, the right
 * third forward, the middle shows or hides the controls. A scrolled book only toggles them.
 */
export function zoneOfTap(x: number, width: number, paginated: boolean): TurnDirection | "middle" {
  if (!paginated || width <= 0) return "middle";
  const at = x / width;
  if (at < 1 / 3) return "prev";
  if (at > 2 / 3) return "next";
  return "middle";
}

/**
 * Whether a key belongs to the control it was pressed on rather than to the book: every key of
 * a field or slider, and Enter or space on a button or link (which press it).
 */
export function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  const tag = target.tagName.toUpperCase();
  if ((target as HTMLElement).isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(tag))
    return true;
  const pressable =
    ["BUTTON", "A", "SUMMARY"].includes(tag) || target.getAttribute("role") === "button";
  return pressable && (key === "Enter" || key === " ");
}
