import { useEffect, useRef, useState, type FocusEvent } from "react";

/**
 * A button and the popup it opens (the header's user and theme menus; a disclosure, not an ARIA
 * menu). The popup closes on a press outside it, `outsideDelayMs` later, on Escape, which gives
 * focus back to the button, and when focus leaves it, so it never hangs open behind the focus.
 */
export function usePopupDisclosure(outsideDelayMs: number) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    let timer: number | undefined;
    function handlePointerDown(event: PointerEvent) {
      if (containerRef.current?.contains(event.target as Node)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setOpen(false), outsideDelayMs);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("pointerdown", handlePointerDown);
    document.addEventListener("keydown", handleKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("pointerdown", handlePointerDown);
      document.removeEventListener("keydown", handleKeyDown);
    };
  }, [open, outsideDelayMs]);

  function handleBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  return { open, setOpen, containerRef, buttonRef, handleBlur };
}
