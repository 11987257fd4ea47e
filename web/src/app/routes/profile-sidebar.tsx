import { useId } from "react";
import { Link } from "react-router";
import { useLogout } from "../../features/accounts/hooks/use-logout";
import { profileViewPath, type ProfileView } from "../../lib/profile-views";
import { PROFILE_VIEW_GROUPS, PROFILE_VIEW_LABELS } from "./profile-view-labels";

interface ProfileSidebarProps {
  current: ProfileView;
  onDeleteAccount: () => void;
}

/**
 * The profile's view list (spec §2) in groups, then Log out, then Delete Account on its own,
 * apart from Log out so a tap meant for one never lands on the other. On a phone each group
 * wraps into a grid, so every entry shows whole without scrolling sideways.
 */
export function ProfileSidebar({ current, onDeleteAccount }: ProfileSidebarProps) {
  const { logOut, isPending } = useLogout();
  const groupId = useId();

  return (
    <div className="profile-sidebar">
      <nav aria-label="Profile">
        {PROFILE_VIEW_GROUPS.map((group, index) => (
          <div key={group.label} className="profile-sidebar__group">
            <p id={`${groupId}-${index}`} className="profile-sidebar__group-label">
              {group.label}
            </p>
            <ul className="profile-sidebar__list" aria-labelledby={`${groupId}-${index}`}>
              {group.views.map((view) => (
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
          </div>
        ))}
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
      </div>
      <div className="profile-sidebar__danger">
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
