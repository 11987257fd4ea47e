import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Focus for a modal dialog or drawer: while it is open the page behind is inert, focus starts
 * inside it (on the first match of `initialFocus`, else its first control) and goes back to
 * whatever opened it on close. Answers `close`, which calls the latest `onClose`, and the
 * keydown handler: Escape closes, Tab stays inside.
 */
export function useModalFocus(
  dialogRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocus?: string,
) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById("root");
    appRoot?.setAttribute("inert", "");
    const dialog = dialogRef.current;
    if (dialog) {
      const first = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
      (first ?? focusableWithin(dialog)[0] ?? dialog).focus();
    }
    return () => {
      appRoot?.removeAttribute("inert");
      opener?.focus();
    };
  }, [dialogRef, initialFocus]);

  const close = () => onCloseRef.current();

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = focusableWithin(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return { close, handleKeyDown };
}
