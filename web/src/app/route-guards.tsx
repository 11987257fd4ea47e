import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import type { LoginPageState } from "../features/accounts/login-navigation";
import { isStaff, useSession } from "../lib/session";
import { PageFallback } from "./layout/page-fallback";

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
 * to /login, and from there on to `to` once logged in. The query goes along
 * (/mybooks?tab=holds, the hold mails' link, opens My Books on its Holds tab).
 */
export function MailLink({ to }: { to: string }) {
  const { isLoggedIn } = useSession();
  const { search } = useLocation();
  const target = `${to}${search}`;
  const state: LoginPageState = { from: target };
  return isLoggedIn ? (
    <Navigate to={target} replace />
  ) : (
    <Navigate to="/login" replace state={state} />
  );
}

/**
 * The staff console (design.md §7.1): a visitor logs in first and comes back here; a reader is
 * shown `forReaders` (the page saying it is for staff); staff go on. The role arrives with the
 * account, so until then the page waits.
 */
export function RequireStaff({ forReaders }: { forReaders: ReactNode }) {
  const { isLoggedIn, role } = useSession();
  const { pathname, search } = useLocation();
  if (!isLoggedIn) {
    const state: LoginPageState = { from: `${pathname}${search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (role === undefined) return <PageFallback />;
  return isStaff(role) ? <Outlet /> : forReaders;
}
