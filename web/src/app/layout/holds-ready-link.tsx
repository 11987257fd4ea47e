import { Link } from "react-router";
import { holdsReadyMessages } from "../../features/holds/ready-holds-messages";
import { BookmarkIcon } from "../../ui/icons";

/** My Books' Holds tab, where a ready hold is borrowed; the hold mails link there too. */
export const HOLDS_TAB_PATH = "/user/books?tab=holds";

/**
 * A member's ready holds in the header, until they borrow or cancel them (or the holds lapse):
 * the words on a wide header; on a narrow one the bookmark, a short visible word and a count,
 * the words still its name (issue 45: an icon alone did not say what it was).
 */
export function HoldsReadyLink({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Link to={HOLDS_TAB_PATH} className="holds-ready-link">
      <BookmarkIcon size={18} />
      <span className="holds-ready-link__text">{holdsReadyMessages.label(count)}</span>
      <span className="holds-ready-link__short" aria-hidden="true">
        {holdsReadyMessages.short}
      </span>
      <span className="holds-ready-link__badge" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
