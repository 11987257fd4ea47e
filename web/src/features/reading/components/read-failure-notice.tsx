import type { WireId } from "@folio/contract/common";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useSession } from "../../../lib/session";
import { readErrorMessage, type ReadFailure } from "../read-error";

/** Spec §9: after 'Your session has expired' the reader goes to the login page after 3 s. */
export const EXPIRED_REDIRECT_MS = 3000;

/** Why the book cannot be shown, in the spec's words, and the way back to its page. */
export function ReadFailureNotice({
  failure,
  bookId,
}: {
  failure: ReadFailure;
  bookId: WireId | null;
}) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (failure !== "expired") return;
    const timer = window.setTimeout(() => {
      // /login only opens for visitors; after logging in again the reader comes back here.
      signOut();
      void navigate("/login", { state: { from: `${pathname}${search}` } });
    }, EXPIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failure, navigate, pathname, search, signOut]);

  return (
    <div className="reader__failure">
      <p role="alert">{readErrorMessage(failure)}</p>
      {bookId !== null && failure !== "expired" && (
        <p>
          <Link to={`/book/${bookId}`}>Back to book</Link>
        </p>
      )}
    </div>
  );
}
