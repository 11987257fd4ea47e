import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createAppPassword,
  deletePasskey,
  disableTwoFactor,
  downloadAccountData,
  enableTwoFactor,
  fetchAppPasswords,
  fetchPasskeys,
  fetchSessions,
  fetchTwoFactorStatus,
  passkeyRegistrationOptions,
  registerPasskey,
  revokeAppPassword,
  revokeOtherSessions,
  revokeSession,
  startTwoFactorSetup,
} from "../api/security-api";
import { createPasskey } from "../passkey-ceremony";
import { accountKeys } from "./user-info-query";

// Account security in Settings (design.md §7.4). Each section shows its own loading failure
// with Try again, so no query here names a toast. A change asks for its list again without
// waiting for it: the screen hears of the change first, then sees the list follow.

export const securityKeys = {
  twoFactor: () => [...accountKeys.all, "two-factor"] as const,
  passkeys: () => [...accountKeys.all, "passkeys"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  appPasswords: () => [...accountKeys.all, "app-passwords"] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: securityKeys.twoFactor(),
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (currentPassword?: string) => startTwoFactorSetup(currentPassword),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; currentPassword?: string }) =>
      enableTwoFactor(input.code, input.currentPassword),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword?: string) => disableTwoFactor(currentPassword),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
    },
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: securityKeys.passkeys(),
    queryFn: ({ signal }) => fetchPasskeys(signal),
  });
}

/**
 * The server's options, the device's new passkey, the server's check: one step for the screen.
 * The current password, when asked for, goes with both calls: each is checked on its own.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name?: string; currentPassword?: string }) => {
      const { options } = await passkeyRegistrationOptions(input.currentPassword);
      const response = await createPasskey(options);
      return registerPasskey(response, input.name, input.currentPassword);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.passkeys() });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; currentPassword?: string }) =>
      deletePasskey(input.id, input.currentPassword),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.passkeys() });
    },
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => fetchSessions(signal),
  });
}

/**
 * Signs one session out. The list is asked for again only after another device's: after this
 * browser's own, its token is dead and the caller signs out here (as Log out does).
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: { sessionId: string; current: boolean }) =>
      revokeSession(session.sessionId),
    onSuccess: (_answer, session) => {
      if (!session.current) {
        void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
      }
    },
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
    },
  });
}

export function useAppPasswords() {
  return useQuery({
    queryKey: securityKeys.appPasswords(),
    queryFn: ({ signal }) => fetchAppPasswords(signal),
  });
}

export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; currentPassword?: string }) =>
      createAppPassword(input.name, input.currentPassword),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords() });
    },
  });
}

export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeAppPassword(id),
    // A password already gone (revoked in another tab) leaves the list out of date too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords() });
    },
  });
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
