import { createContext, useContext } from "react";

export interface Session {
  isLoggedIn: boolean;
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
