import { useEffect, useId, useRef, useState, useSyncExternalStore, type FocusEvent } from "react";
import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { storedUserName } from "../../features/accounts/stored-account";
import { subscribeToStorage } from "../../lib/storage";
import { ChevronDownIcon } from "../../ui/icons";

/** Spec §9: an outside click closes the menu after a 100 ms debounce. */
const OUTSIDE_CLICK_DEBOUNCE_MS = 100;

function userName(): string {
  return storedUserName.read() ?? "Account";
}

/** Profile, My Books and Logout for a logged-in reader (a disclosure, not an ARIA menu). */
export function UserMenu() {
  const { logOut, isPending } = useLogout();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // Follows Settings at once: a saved name is written to storage.
  const name = useSyncExternalStore(subscribeToStorage, userName, () => "Account");

  useEffect(() => {
    if (!open) return;
    let timer: number | undefined;
    function handlePointerDown(event: PointerEvent) {
      if (containerRef.current?.contains(event.target as Node)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setOpen(false), OUTSIDE_CLICK_DEBOUNCE_MS);
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
  }, [open]);

  /** Tabbing out of the menu closes it too, so it never hangs open behind the focus. */
  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  return (
    <div className="user-menu" ref={containerRef} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__name">{name}</span>
        <ChevronDownIcon />
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to="/user/profile" className="user-menu__item" onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/user/books" className="user-menu__item" onClick={() => setOpen(false)}>
            My Books
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="user-menu__item"
            aria-disabled={isPending ? true : undefined}
            onClick={() => {
              if (isPending) return;
              setOpen(false);
              logOut();
            }}
          >
            {isPending ? "Logging out…" : "Logout"}
          </button>
        </li>
      </ul>
    </div>
  );
}
