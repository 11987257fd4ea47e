import { useId } from "react";
import { Link, NavLink } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { holdsReadyMessages } from "../../features/holds/ready-holds-messages";
import { profileViewPath } from "../../lib/profile-views";
import { isStaff, useSession } from "../../lib/session";
import { ButtonLink } from "../../ui/button";
import { Drawer } from "../../ui/drawer";
import { HOLDS_TAB_PATH } from "./holds-ready-link";
import { ThemeSwitch } from "./theme-switch";
import { useAccountName } from "./user-menu";
import "./site-menu.css";

function linkClass({ isActive }: { isActive: boolean }) {
  return isActive ? "site-menu__link site-menu__link--active" : "site-menu__link";
}

interface SiteMenuProps {
  /** The member's ready holds, which the account entries lead with. */
  readyHolds: number;
  onClose: () => void;
}

/**
 * The narrow header's menu: the main links, the account entries of the user menu (or Login and
 * Register) and the theme switch. A navigation closes it (the header watches the location).
 */
export function SiteMenu({ readyHolds, onClose }: SiteMenuProps) {
  const { isLoggedIn, role } = useSession();
  const { logOut, isPending } = useLogout();
  const name = useAccountName();
  const accountId = useId();
  return (
    <Drawer title="Menu" onClose={onClose}>
      <nav aria-label="Main">
        <ul className="site-menu__list">
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/categories" className={linkClass}>
              Categories
            </NavLink>
          </li>
          {isLoggedIn && (
            <li>
              <NavLink to="/user/books" className={linkClass}>
                My Books
              </NavLink>
            </li>
          )}
          {isStaff(role) && (
            <li>
              <NavLink to="/admin" className={linkClass}>
                Staff console
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      <section className="site-menu__section" aria-labelledby={accountId}>
        <h3 id={accountId} className="site-menu__heading">
          Account
        </h3>
        {isLoggedIn ? (
          <>
            <p className="site-menu__who">
              Signed in as <strong>{name}</strong>
            </p>
            <ul className="site-menu__list">
              {readyHolds > 0 && (
                <li>
                  <Link to={HOLDS_TAB_PATH} className="site-menu__link site-menu__link--holds">
                    {holdsReadyMessages.label(readyHolds)}
                  </Link>
                </li>
              )}
              <li>
                <Link to="/user/profile" className="site-menu__link">
                  Profile
                </Link>
              </li>
              <li>
                <Link to={profileViewPath("Settings")} className="site-menu__link">
                  Settings
                </Link>
              </li>
            </ul>
            {/* Logout on its own, below the entries a reader opens (issue 45). */}
            <ul className="site-menu__list site-menu__list--end">
              <li>
                <button
                  type="button"
                  className="site-menu__link"
                  aria-disabled={isPending ? true : undefined}
                  onClick={() => {
                    if (isPending) return;
                    // Closed first, so a failure's toast is not left under an inert page.
                    onClose();
                    logOut();
                  }}
                >
                  {isPending ? "Logging out…" : "Logout"}
                </button>
              </li>
            </ul>
          </>
        ) : (
          <div className="site-menu__auth">
            <ButtonLink to="/login" variant="secondary">
              Login
            </ButtonLink>
            <ButtonLink to="/register">Register</ButtonLink>
          </div>
        )}
      </section>
      <div className="site-menu__section">
        <ThemeSwitch />
      </div>
    </Drawer>
  );
}
