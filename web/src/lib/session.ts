import type { UserInfo } from "@folio/contract/accounts";
import { createContext, useContext } from "react";

export type UserRole = UserInfo["role"];

export interface Session {
  isLoggedIn: boolean;
  /**
   * What the signed-in person may do (design.md §7.1): undefined for a visitor and while the
   * account is still on its way after a start or a login.
   */
  role?: UserRole;
  /** Forgets the session and all local user data (spec §4, Logout). */
  signOut: () => void;
}

/**
 * The contract lives in lib so features can ask "is someone logged in?" without importing
 * app/; app/session-provider.tsx supplies the value.
 */
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}

/** Librarians and admins run the staff console. */
export function isStaff(role: UserRole | undefined): boolean {
  return role === "librarian" || role === "admin";
}
