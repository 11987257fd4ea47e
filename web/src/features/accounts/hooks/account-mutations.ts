import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  LoginRequest,
  RegisterRequest,
  ResetRequest,
  UpdateUserRequest,
  UserInfo,
} from "@folio/contract/accounts";
import {
  deleteAccount,
  logIn,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  updateAccount,
} from "../api/accounts-api";
import { rememberUser } from "../stored-account";
import { accountKeys, loadUserInfo } from "./user-info-query";

export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterRequest) => registerAccount(input) });
}

/**
 * Logs in and fetches the account with the new token, without storing the token yet: the
 * caller stores it and navigates in one step, so the visitors-only guard of /login never sees
 * a half-finished login.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginRequest) => {
      const login = await logIn(input);
      const info = await loadUserInfo({ token: login.token });
      queryClient.setQueryData(accountKeys.me(), info);
      return { login, info };
    },
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateUserRequest) => updateAccount(changes),
    onSuccess: ({ name, email }) => {
      // The header's name and the details view follow at once.
      rememberUser({ name, email });
      queryClient.setQueryData<UserInfo>(accountKeys.me(), (current) =>
        current ? { ...current, name, email } : current,
      );
    },
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetRequest) => resetPassword(input) });
}
