import { Navigate, Outlet } from "react-router";
import type { LoginPageState } from "../features/accounts/login-navigation";
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

/**
 * A link from an e-mail (/mybooks): unlike a protected route, a visitor is not sent home but
 * to /login, and from there on to `to` once logged in.
 */
export function MailLink({ to }: { to: string }) {
  const { isLoggedIn } = useSession();
  const state: LoginPageState = { from: to };
  return isLoggedIn ? <Navigate to={to} replace /> : <Navigate to="/login" replace state={state} />;
}
