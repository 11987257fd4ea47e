import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { isSessionEnd } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { logOut } from "../api/accounts-api";
import { accountMessages } from "../messages";

/**
 * Logout (spec §4): the server revokes the token first, then every stored user item goes and
 * the person lands on /login.
 *
 * Decision: when the server cannot be told (no connection, a 5xx) the person stays logged in and
 * sees 'Logout failed, please try again' (spec §8). Clearing only this browser would leave a
 * token alive on the server for 30 days while the screen claims the person has left; staying
 * logged in with a clear message lets them retry. A 401 means the session is already over, so
 * that counts as logged out.
 */
export function useLogout(): { logOut: () => void; isPending: boolean } {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      signOut();
      void navigate("/login");
    },
    onError: (error) => {
      // The query client has already sent the person to /login; forget the rest.
      if (isSessionEnd(error)) signOut();
    },
    meta: { errorMessage: accountMessages.logoutFailed },
  });
  const { mutate } = mutation;
  const start = useCallback(() => mutate(), [mutate]);
  return { logOut: start, isPending: mutation.isPending };
}
