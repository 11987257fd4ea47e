import { useId, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { storedUserName } from "../../features/accounts/stored-account";
import { profileViewPath } from "../../lib/profile-views";
import { isStaff, useSession } from "../../lib/session";
import { subscribeToStorage } from "../../lib/storage";
import { ChevronDownIcon } from "../../ui/icons";
import { usePopupDisclosure } from "../../ui/use-popup-disclosure";
import { HOLDS_TAB_PATH } from "./holds-ready-link";

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
 * Spec §2's Profile, My Books and Logout for a logged-in reader (a disclosure, not an ARIA
 * menu), grouped (issue 45): account (Profile, Settings), reading (My Books, Holds), then
 * Logout on its own. Staff also find the console here, which keeps the wide header's row as
 * short as a reader's.
 */
export function UserMenu() {
  const { role } = useSession();
  const { logOut, isPending } = useLogout();
  const { open, setOpen, containerRef, buttonRef, handleBlur } =
    usePopupDisclosure(OUTSIDE_CLICK_DEBOUNCE_MS);
  const listId = useId();
  const name = useAccountName();
  const close = () => setOpen(false);

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
      <div id={listId} className="user-menu__list" hidden={!open}>
        {isStaff(role) && (
          <ul className="user-menu__group">
            <li>
              <Link to="/admin" className="user-menu__item" onClick={close}>
                Staff console
              </Link>
            </li>
          </ul>
        )}
        <p id={`${listId}-account`} className="user-menu__group-label">
          Account
        </p>
        <ul className="user-menu__group" aria-labelledby={`${listId}-account`}>
          <li>
            <Link to="/user/profile" className="user-menu__item" onClick={close}>
              Profile
            </Link>
          </li>
          <li>
            <Link to={profileViewPath("Settings")} className="user-menu__item" onClick={close}>
              Settings
            </Link>
          </li>
        </ul>
        <p id={`${listId}-reading`} className="user-menu__group-label">
          Reading
        </p>
        <ul className="user-menu__group" aria-labelledby={`${listId}-reading`}>
          <li>
            <Link to="/user/books" className="user-menu__item" onClick={close}>
              My Books
            </Link>
          </li>
          <li>
            <Link to={HOLDS_TAB_PATH} className="user-menu__item" onClick={close}>
              Holds
            </Link>
          </li>
        </ul>
        <ul className="user-menu__group user-menu__group--end">
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
    </div>
  );
}
