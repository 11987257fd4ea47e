import { useState } from "react";
import { ApiError, serverMessage } from "../../lib/api-client";
import { securityTexts } from "./messages";

/**
 * Whether the server wants the current password before it goes on (design.md §7.4: changing
 * email or password, turning two-factor on or off, adding or removing a passkey, creating an app
 * password, deleting the account, unless the reader signed in within the last 10 minutes), or
 * was given a wrong one.
 */
export function asksForCurrentPassword(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "REAUTH_REQUIRED" || error.code === "WRONG_PASSWORD")
  );
}

export interface PasswordRequest {
  /** The server's sentence, shown with the field. */
  message: string;
  /** Counts the requests, so the field takes focus again after each. */
  attempt: number;
}

/**
 * The "Current password" step of one action: hidden until the server asks for it, then the
 * field (focused, with the server's message) whose value goes along with the next try.
 */
export function useCurrentPassword() {
  const [request, setRequest] = useState<PasswordRequest | null>(null);
  const [password, setPassword] = useState("");

  function ask(message: string) {
    setRequest((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
    setPassword("");
  }

  return {
    request,
    password,
    setPassword,
    /** What to send: the password once the server has asked for it and it is typed. */
    currentPassword: request && password !== "" ? password : undefined,
    /** True when the failure was the server asking for the password; the field then shows. */
    handleFailure(error: unknown): boolean {
      if (!asksForCurrentPassword(error)) return false;
      ask(serverMessage(error) ?? securityTexts.reauthRequired);
      return true;
    },
    /** False (and says so at the field) when the field shows but is still blank. */
    checkFilled(): boolean {
      if (!request || password !== "") return true;
      setRequest((previous) => ({
        message: securityTexts.currentPasswordNeeded,
        attempt: (previous?.attempt ?? 0) + 1,
      }));
      return false;
    },
    reset() {
      setRequest(null);
      setPassword("");
    },
  };
}

export type CurrentPasswordState = ReturnType<typeof useCurrentPassword>;
