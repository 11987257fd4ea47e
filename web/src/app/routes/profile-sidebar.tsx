import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { PROFILE_VIEWS, profileViewPath, type ProfileView } from "../../lib/profile-views";
import { PROFILE_VIEW_LABELS } from "./profile-view-labels";

interface ProfileSidebarProps {
  current: ProfileView;
  onDeleteAccount: () => void;
}

/**
 * The profile's view list (spec §2) with Log out and Delete Account. On a phone the list wraps
 * into a grid, so every entry shows whole without scrolling sideways.
 */
export function ProfileSidebar({ current, onDeleteAccount }: ProfileSidebarProps) {
  const { logOut, isPending } = useLogout();

  return (
    <div className="profile-sidebar">
      <nav aria-label="Profile">
        <ul className="profile-sidebar__list">
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
