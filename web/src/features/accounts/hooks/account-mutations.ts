import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetRequest,
  UpdateUserRequest,
  UserInfo,
} from "@folio/contract/accounts";
import type { LoginAnswer } from "@folio/contract/security";
import {
  deleteAccount,
  logIn,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  updateAccount,
} from "../api/accounts-api";
import { logInWithCode, logInWithPasskey, passkeySignInOptions } from "../api/security-api";
import { signWithPasskey } from "../passkey-ceremony";
import { rememberUser } from "../stored-account";
import { securityKeys } from "./security-queries";
import { accountKeys, loadUserInfo } from "./user-info-query";

export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterRequest) => registerAccount(input) });
}

/**
 * Where a sign-in step has got to: signed in (the token not stored yet), or, with two-factor
 * sign-in on (design.md §7.4), a challenge to answer with a code before there is any token.
 */
export type LoginOutcome =
  | { state: "success"; login: LoginResponse; info: UserInfo }
  | { state: "2fa_required"; challenge: string };

async function signedIn(queryClient: QueryClient, answer: LoginAnswer): Promise<LoginOutcome> {
  if (answer.state === "2fa_required") return answer;
  const info = await loadUserInfo({ token: answer.token });
  queryClient.setQueryData(accountKeys.me(), info);
  return { state: "success", login: answer, info };
}

/**
 * Logs in and fetches the account with the new token, without storing the token yet: the
 * caller stores it and navigates in one step, so the visitors-only guard of /login never sees
 * a half-finished login.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginRequest) => signedIn(queryClient, await logIn(input)),
  });
}

/** The second step of a two-factor sign-in: the app's code, or one of the recovery codes. */
export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      challenge: string;
      secret: { code: string } | { recoveryCode: string };
    }) => signedIn(queryClient, await logInWithCode(input.challenge, input.secret)),
  });
}

/** Signs in with a passkey: the server's challenge, the device's signature, the server's answer. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { options } = await passkeySignInOptions();
      const response = await signWithPasskey(options);
      return signedIn(queryClient, await logInWithPasskey(response));
    },
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUserRequest) => updateAccount(changes),
    onSuccess: ({ name, email }, changes) => {
      // The header's name and the details view follow at once.
      rememberUser({ name, email });
      queryClient.setQueryData<UserInfo>(accountKeys.me(), (current) =>
        current ? { ...current, name, email } : current,
      );
      // A new password revokes every app password (issue 26).
      if (changes.password !== undefined) {
        void queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords() });
      }
    },
  });
}

/** `currentPassword` only when the server asked for it (design.md §7.4). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (currentPassword?: string) => deleteAccount(currentPassword) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetRequest) => resetPassword(input) });
}
