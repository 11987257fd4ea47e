import { useId, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { storedUserName } from "../../features/accounts/stored-account";
import { isStaff, useSession } from "../../lib/session";
import { subscribeToStorage } from "../../lib/storage";
import { ChevronDownIcon } from "../../ui/icons";
import { usePopupDisclosure } from "../../ui/use-popup-disclosure";

/** Spec §9: an outside click closes the menu after a 100 ms debounce. */
const OUTSIDE_CLICK_DEBOUNCE_MS = 100;

function userName(): string {
  return storedUserName.read() ?? "Account";
}

/** The member's name as Settings last saved it; it follows a change at once. */
export function useAccountName(): string {
  return useSyncExternalStore(subscribeToStorage, userName, () => "Account");
}

/**
 * Profile, My Books and Logout for a logged-in reader (a disclosure, not an ARIA menu); staff
 * also find the console here, which keeps the wide header's row as short as a reader's.
 */
export function UserMenu() {
  const { role } = useSession();
  const { logOut, isPending } = useLogout();
  const { open, setOpen, containerRef, buttonRef, handleBlur } =
    usePopupDisclosure(OUTSIDE_CLICK_DEBOUNCE_MS);
  const listId = useId();
  const name = useAccountName();

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
        {isStaff(role) && (
          <li>
            <Link to="/admin" className="user-menu__item" onClick={() => setOpen(false)}>
              Staff console
            </Link>
          </li>
        )}
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
