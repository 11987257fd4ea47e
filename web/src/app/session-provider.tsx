import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { UNAUTHORIZED_EVENT } from "../lib/api-client";
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
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const isLoggedIn = useSyncExternalStore(subscribeToStorage, hasToken, () => false);

  // The API client has already dropped the token; spec §8: a 401 goes to /login.
  useEffect(() => {
    function handleUnauthorized() {
      if (pathname !== "/login") void navigate("/login");
    }
    window.addEventListener(UNAUTHORIZED_EVENT, handleUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, handleUnauthorized);
  }, [navigate, pathname]);

  const signOut = useCallback(() => {
    clearUserData();
    // Cached answers may belong to the person who just left.
    queryClient.clear();
  }, [queryClient]);

  const session = useMemo<Session>(() => ({ isLoggedIn, signOut }), [isLoggedIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
