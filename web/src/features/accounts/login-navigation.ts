/** What a page may hand to /login in the navigation state. */
export interface LoginPageState {
  /** Prefills the email (after registering). */
  email?: string;
  /** Where to return after logging in (a session that expired mid-visit). */
  from?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Only same-site paths are followed, so a crafted state cannot send the person elsewhere. */
function isLocalPath(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//");
}

export function readLoginPageState(state: unknown): { email: string; returnTo: string } {
  if (!isRecord(state)) return { email: "", returnTo: "/" };
  const returnTo =
    isLocalPath(state.from) && !/^\/(login|register)\b/.test(state.from) ? state.from : "/";
  return { email: typeof state.email === "string" ? state.email : "", returnTo };
}
