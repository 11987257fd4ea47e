import type { LoginResponse, SimpleSuccess } from "@folio/contract/accounts";
import type {
  AppPassword,
  AppPasswordCreated,
  AppPasswordList,
  EmailLinkResponse,
  LoginAnswer,
  Passkey,
  PasskeyList,
  PasskeyOptionsResponse,
  Session,
  SessionList,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from "@folio/contract/security";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";
import { apiDownload, type Download } from "../../../lib/api-files";

// Account security (design.md §7.4). Calls made before a session exists (the second sign-in
// step, passkey sign-in, the mailed email links) answer 401 for a wrong code or a dead link,
// not for a dead session: those never end one.
const NOT_A_SESSION = { unauthorizedEndsSession: false } as const;

/** Only the current password goes along, and only once the reader has typed it. */
function withPassword<T extends object>(body: T, currentPassword: string | undefined) {
  return currentPassword ? { ...body, currentPassword } : body;
}

/** A list answer without its list (a server from before this feature) is a failure to load. */
function listOf<T>(answer: unknown, key: string): T[] {
  const list = (answer as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(list)) {
    throw new ApiError(200, "INVALID_RESPONSE", "Server returned an unreadable answer");
  }
  return list as T[];
}

// --- Two-factor sign-in ---------------------------------------------------------------------

export function logInWithCode(
  challenge: string,
  secret: { code: string } | { recoveryCode: string },
): Promise<LoginResponse> {
  return apiPost<LoginResponse>("/api/users/login/2fa", { challenge, ...secret }, NOT_A_SESSION);
}

export async function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  const status = await apiGet<TwoFactorStatus>("/api/users/2fa", undefined, { signal });
  if (typeof status?.enabled !== "boolean") {
    throw new ApiError(200, "INVALID_RESPONSE", "Server returned an unreadable answer");
  }
  return status;
}

export function startTwoFactorSetup(currentPassword?: string): Promise<TwoFactorSetupResponse> {
  return apiPost<TwoFactorSetupResponse>("/api/users/2fa/setup", withPassword({}, currentPassword));
}

export function enableTwoFactor(
  code: string,
  currentPassword?: string,
): Promise<TwoFactorEnableResponse> {
  return apiPost<TwoFactorEnableResponse>(
    "/api/users/2fa/enable",
    withPassword({ code }, currentPassword),
  );
}

export function disableTwoFactor(currentPassword?: string): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>("/api/users/2fa/disable", withPassword({}, currentPassword));
}

// --- Passkeys -------------------------------------------------------------------------------

export function passkeyRegistrationOptions(
  currentPassword?: string,
): Promise<PasskeyOptionsResponse> {
  return apiPost<PasskeyOptionsResponse>(
    "/api/users/passkeys/register/options",
    withPassword({}, currentPassword),
  );
}

export function registerPasskey(
  response: unknown,
  name: string | undefined,
  currentPassword?: string,
) {
  return apiPost<{ state: "success"; passkey: Passkey }>(
    "/api/users/passkeys/register/verify",
    withPassword({ response, ...(name ? { name } : {}) }, currentPassword),
  );
}

export function passkeySignInOptions(): Promise<PasskeyOptionsResponse> {
  return apiPost<PasskeyOptionsResponse>(
    "/api/users/passkeys/login/options",
    undefined,
    NOT_A_SESSION,
  );
}

export function logInWithPasskey(response: unknown): Promise<LoginAnswer> {
  return apiPost<LoginAnswer>("/api/users/passkeys/login/verify", { response }, NOT_A_SESSION);
}

export async function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const answer = await apiGet<PasskeyList>("/api/users/passkeys", undefined, { signal });
  return listOf<Passkey>(answer, "passkeys");
}

export function deletePasskey(id: string, currentPassword?: string): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>(
    "/api/users/passkeys/delete",
    withPassword({ id }, currentPassword),
  );
}

// --- Sessions -------------------------------------------------------------------------------

export async function fetchSessions(signal?: AbortSignal): Promise<Session[]> {
  const answer = await apiGet<SessionList>("/api/users/sessions", undefined, { signal });
  return listOf<Session>(answer, "sessions");
}

export function revokeSession(sessionId: string): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>("/api/users/sessions/revoke", { sessionId });
}

export function revokeOtherSessions(): Promise<SimpleSuccess & { revoked: number }> {
  return apiPost<SimpleSuccess & { revoked: number }>("/api/users/sessions/revokeOthers");
}

// --- App passwords (issue 26) --------------------------------------------------------------

export async function fetchAppPasswords(signal?: AbortSignal): Promise<AppPassword[]> {
  const answer = await apiGet<AppPasswordList>("/api/users/app-passwords", undefined, { signal });
  return listOf<AppPassword>(answer, "appPasswords");
}

/** The answer carries the password itself, the only time it is ever sent. */
export function createAppPassword(
  name: string,
  currentPassword?: string,
): Promise<AppPasswordCreated> {
  return apiPost<AppPasswordCreated>(
    "/api/users/app-passwords",
    withPassword({ name }, currentPassword),
  );
}

export function revokeAppPassword(id: string): Promise<{ state: "success" }> {
  return apiPost<{ state: "success" }>("/api/users/app-passwords/revoke", { id });
}

// --- Email change by confirmation -----------------------------------------------------------

/** The link mailed to a new address: the change takes effect. */
export function confirmEmailChange(token: string): Promise<EmailLinkResponse> {
  return apiPost<EmailLinkResponse>("/api/users/email/confirm", { token }, NOT_A_SESSION);
}

/** The link mailed to the old address: the change is undone and every session ends. */
export function undoEmailChange(token: string): Promise<EmailLinkResponse> {
  return apiPost<EmailLinkResponse>("/api/users/email/undo", { token }, NOT_A_SESSION);
}

// --- Export ---------------------------------------------------------------------------------

/** Everything held about the reader, as one JSON file (the token goes along, which a link cannot). */
export function downloadAccountData(): Promise<Download> {
  return apiDownload("/api/users/export", undefined, { accept: "application/json" });
}
