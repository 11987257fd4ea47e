import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from "react";
import "./menu-button.css";

export interface MenuAction {
  /** The item's text, which is also its name. */
  label: string;
  onSelect: () => void;
  /** An action that takes something away (Retire, Delete). */
  tone?: "danger";
}

interface MenuButtonProps {
  /** The button's name, saying whose actions these are: "Actions for Moby-Dick". */
  label: string;
  items: readonly MenuAction[];
}

/** The gap between the button and its menu, and the least room kept at the window's edges. */
const GAP = 4;
const EDGE = 8;

function MoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button): Enter, Space or a click
 * opens it on its first item, the arrow keys open it on the first or last; in the menu the
 * arrows, Home, End and an item's first letter move, Escape closes it and gives focus back to
 * the button, Tab or a press outside closes it. The menu is fixed to the window, so a table's
 * scrolling box does not clip it.
 */
export function MenuButton({ label, items }: MenuButtonProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function openOn(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close({ refocus }: { refocus: boolean }) {
    setOpen(false);
    setPlace(null);
    if (refocus) buttonRef.current?.focus();
  }

  function select(item: MenuAction) {
    // Focus back on the button first, so a dialog the action opens returns focus there.
    close({ refocus: true });
    item.onSelect();
  }

  // Below the button, its right edge on the button's, or above it when the window has no room.
  useLayoutEffect(() => {
    if (!open) return;
    function placeMenu() {
      const button = buttonRef.current;
      const menu = menuRef.current;
      if (!button || !menu) return;
      const box = button.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const height = document.documentElement.clientHeight;
      const below = height - box.bottom - GAP;
      const fitsBelow = menu.offsetHeight <= below - EDGE || below >= box.top;
      const left = Math.max(EDGE, Math.min(box.right - menu.offsetWidth, width - menu.offsetWidth));
      setPlace(
        fitsBelow
          ? { top: box.bottom + GAP, left }
          : { top: Math.max(EDGE, box.top - GAP - menu.offsetHeight), left },
      );
    }
    placeMenu();
    // The menu follows its button when the page or the table's box scrolls.
    window.addEventListener("scroll", placeMenu, true);
    window.addEventListener("resize", placeMenu);
    return () => {
      window.removeEventListener("scroll", placeMenu, true);
      window.removeEventListener("resize", placeMenu);
    };
  }, [open]);

  // Once placed: a menu still hidden while it is measured cannot take focus.
  const placed = place !== null;
  useEffect(() => {
    if (open && placed) itemRefs.current[active]?.focus();
  }, [open, placed, active]);

  useEffect(() => {
    if (!open) return;
    function pressedOutside(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) close({ refocus: false });
    }
    document.addEventListener("pointerdown", pressedOutside);
    return () => document.removeEventListener("pointerdown", pressedOutside);
  }, [open]);

  function buttonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openOn(event.key === "ArrowDown" ? 0 : items.length - 1);
    }
  }

  function menuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(index);
    };
    if (event.key === "ArrowDown") move(active >= last ? 0 : active + 1);
    else if (event.key === "ArrowUp") move(active <= 0 ? last : active - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(last);
    else if (event.key === "Escape") {
      event.preventDefault();
      // The console's dialogs close on Escape too; this one belongs to the menu.
      event.stopPropagation();
      close({ refocus: true });
    } else if (event.key === "Tab") {
      close({ refocus: false });
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const order = items.map((_, i) => (active + 1 + i) % items.length);
      const next = order.find((i) => items[i]!.label.toLowerCase().startsWith(letter));
      if (next !== undefined) move(next);
    }
  }

  return (
    <div
      ref={containerRef}
      className="menu-button"
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) {
          close({ refocus: false });
        }
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="menu-button__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close({ refocus: false }) : openOn(0))}
        onKeyDown={buttonKeyDown}
      >
        <MoreIcon />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="menu-button__menu"
          style={place ?? { visibility: "hidden" }}
          onKeyDown={menuKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`menu-button__item${item.tone === "danger" ? " menu-button__item--danger" : ""}`}
              onClick={() => select(item)}
              onPointerMove={() => {
                if (index !== active) setActive(index);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
