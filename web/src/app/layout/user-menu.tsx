import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSession } from "../../lib/session";
import { readStored } from "../../lib/storage";
import { ChevronDownIcon } from "../../ui/icons";

/** Spec §9: an outside click closes the menu after a 100 ms debounce. */
const OUTSIDE_CLICK_DEBOUNCE_MS = 100;

/** Profile, My Books and Logout for a logged-in reader (a disclosure, not an ARIA menu). */
export function UserMenu() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const name = readStored("userName") ?? "Account";

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

  function logOut() {
    setOpen(false);
    signOut();
    void navigate("/login");
  }

  return (
    <div className="user-menu" ref={containerRef}>
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
          <button type="button" className="user-menu__item" onClick={logOut}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
