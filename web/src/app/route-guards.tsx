import { Navigate, Outlet } from "react-router";
import { useSession } from "../lib/session";

/** Protected routes (spec §2): a visitor is sent to the home page. */
export function RequireLogin() {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * /login, /register and the password-reset pages: someone already logged in is sent to the home
 * page.
 */
export function VisitorsOnly() {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <Navigate to="/" replace /> : <Outlet />;
}
