import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSessionCheck } from "../features/accounts/hooks/use-session-check";
import { userInfoQuery } from "../features/accounts/hooks/user-info-query";
import type { LoginPageState } from "../features/accounts/login-navigation";
import { ApiError, isSessionEnd } from "../lib/api-client";
import { SessionContext, type Session, type UserRole } from "../lib/session";
import { readToken, subscribeToStorage } from "../lib/storage";
import { useToast } from "../ui/toast";
import { useOfflineUpkeep } from "./use-offline-upkeep";
import { useFailureHandlers, type FailureHandlers } from "./query-client";
import { forgetUserData } from "./user-data";

function hasToken(): boolean {
  return readToken() !== null;
}

/**
 * Derives the login state from the stored token on every read, so each navigation sees the
 * current state (spec §2: restored before each navigation), also after a logout in another tab.
 * It also answers the query client's failures: the toasts, and the trip to /login after a 401.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const isLoggedIn = useSyncExternalStore(subscribeToStorage, hasToken, () => false);

  const failureHandlers = useMemo<FailureHandlers>(
    () => ({
      // The query client has already dropped the token; spec §8: a 401 goes to /login, which
      // brings the person back here once they have logged in again.
      sessionEnded: () => {
        if (pathname === "/login") return;
        const state: LoginPageState = { from: `${pathname}${search}` };
        void navigate("/login", { state });
      },
      failed: (message) => showToast(message, { tone: "error" }),
    }),
    [navigate, pathname, search, showToast],
  );
  useFailureHandlers(failureHandlers);

  const signOut = useCallback(() => {
    forgetUserData();
    // Cached answers may belong to the person who just left.
    queryClient.clear();
  }, [queryClient]);

  // Spec §4: a stored token that no longer gives the account logs the person out. After a 401
  // the query client has already sent them to /login; any other failure does it here.
  useSessionCheck((error) => {
    // No connection says nothing about the session: a reader keeps it, and a downloaded book.
    if (error instanceof ApiError && error.status === 0) return;
    signOut();
    if (!isSessionEnd(error)) void navigate("/login");
  });

  useOfflineUpkeep(isLoggedIn);

  // The role comes with the account the start-up check (or the login) has already asked for.
  const { data: role } = useQuery({
    ...userInfoQuery(),
    enabled: isLoggedIn,
    // An account that names no role (a server from before roles) is a reader's.
    select: (info): UserRole => info.role ?? "reader",
  });

  const session = useMemo<Session>(
    () => ({ isLoggedIn, role: isLoggedIn ? role : undefined, signOut }),
    [isLoggedIn, role, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
