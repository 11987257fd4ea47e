import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSessionCheck } from "../features/accounts/hooks/use-session-check";
import type { LoginPageState } from "../features/accounts/login-navigation";
import { ApiError, UNAUTHORIZED_EVENT } from "../lib/api-client";
import { SessionContext, type Session } from "../lib/session";
import { clearUserData, readToken, subscribeToStorage } from "../lib/storage";

function hasToken(): boolean {
  return readToken() !== null;
}

/**
 * Derives the login state from the stored token on every read, so each navigation sees the
 * current state (spec §2: restored before each navigation), also after a logout in another tab.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const isLoggedIn = useSyncExternalStore(subscribeToStorage, hasToken, () => false);

  // The API client has already dropped the token; spec §8: a 401 goes to /login, which brings
  // the person back here once they have logged in again.
  useEffect(() => {
    function handleUnauthorized() {
      if (pathname === "/login") return;
      const state: LoginPageState = { from: `${pathname}${search}` };
      void navigate("/login", { state });
    }
    window.addEventListener(UNAUTHORIZED_EVENT, handleUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, handleUnauthorized);
  }, [navigate, pathname, search]);

  const signOut = useCallback(() => {
    clearUserData();
    // Cached answers may belong to the person who just left.
    queryClient.clear();
  }, [queryClient]);

  // Spec §4: a stored token that no longer gives the account logs the person out. After a 401
  // the API client has already sent them to /login; any other failure does it here.
  useSessionCheck((error) => {
    signOut();
    if (!(error instanceof ApiError && error.status === 401)) void navigate("/login");
  });

  const session = useMemo<Session>(() => ({ isLoggedIn, signOut }), [isLoggedIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
