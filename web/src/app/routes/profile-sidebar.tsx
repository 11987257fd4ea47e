import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { PROFILE_VIEWS, profileViewPath, type ProfileView } from "../../lib/profile-views";
import { PROFILE_VIEW_LABELS } from "./profile-view-labels";

interface ProfileSidebarProps {
  current: ProfileView;
  onDeleteAccount: () => void;
}

/**
 * The profile's view list (spec §2) with Log out and Delete Account. On a phone the list is a
 * horizontally scrolling row of tabs, scrolled so the current one shows.
 */
export function ProfileSidebar({ current, onDeleteAccount }: ProfileSidebarProps) {
  const { logOut, isPending } = useLogout();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    // Only the row scrolls; scrollIntoView could also move the page.
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - 16);
    }
  }, [current]);

  return (
    <div className="profile-sidebar">
      <nav aria-label="Profile">
        <ul ref={listRef} className="profile-sidebar__list">
          {PROFILE_VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={profileViewPath(view)}
                className="profile-sidebar__link"
                aria-current={view === current ? "page" : undefined}
              >
                {PROFILE_VIEW_LABELS[view]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="profile-sidebar__actions">
        <button
          type="button"
          className="profile-sidebar__action"
          aria-disabled={isPending ? true : undefined}
          onClick={() => {
            if (!isPending) logOut();
          }}
        >
          {isPending ? "Logging out…" : "Log out"}
        </button>
        <button
          type="button"
          className="profile-sidebar__action profile-sidebar__action--danger"
          onClick={onDeleteAccount}
        >
          Delete Account
        </button>
      </div>
    </div>
  );
}
