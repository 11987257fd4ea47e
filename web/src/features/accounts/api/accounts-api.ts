import type {
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetRequest,
  SimpleSuccess,
  UpdateUserRequest,
  UpdateUserResponse,
  UserInfo,
} from "@folio/contract/accounts";
import type { LoginAnswer } from "@folio/contract/security";
import { apiGet, apiPost } from "../../../lib/api-client";

export function registerAccount(input: RegisterRequest): Promise<RegisterResponse> {
  return apiPost<RegisterResponse>("/api/users/register", input);
}

/**
 * A wrong password answers 401, which here is a message for the form, not a dead session. With
 * two-factor sign-in on, the answer is a challenge and no token (LoginAnswer, design.md §7.4).
 */
export function logIn(input: LoginRequest): Promise<LoginAnswer> {
  return apiPost<LoginAnswer>("/api/auth/login", input, { unauthorizedEndsSession: false });
}

export function logOut(): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>("/api/auth/logout");
}

/**
 * The signed-in person's account. `token` asks with a token not stored yet (right after login,
 * so the app switches to "logged in" only once it knows the person's name).
 */
export function fetchUserInfo(options: { token?: string; signal?: AbortSignal } = {}) {
  return apiGet<UserInfo>("/api/users/info", undefined, {
    signal: options.signal,
    ...(options.token
      ? { headers: { Authorization: `Bearer ${options.token}` }, unauthorizedEndsSession: false }
      : {}),
  });
}

export function updateAccount(changes: UpdateUserRequest): Promise<UpdateUserResponse> {
  return apiPost<UpdateUserResponse>("/api/users/update", changes);
}

/** The current password goes along only when the server has asked for it (design.md §7.4). */
export function deleteAccount(currentPassword?: string): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>(
    "/api/users/delete",
    currentPassword ? { currentPassword } : undefined,
  );
}

export function requestPasswordReset(email: string): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>("/api/auth/forget", { email });
}

export function resetPassword(input: ResetRequest): Promise<SimpleSuccess> {
  return apiPost<SimpleSuccess>("/api/auth/reset", input);
}
