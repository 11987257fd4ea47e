import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMail, fetchMails, retryMail, type AdminMailQuery } from "../api/mail-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useMails(query: AdminMailQuery) {
  return useQuery({
    queryKey: adminKeys.mailList(query),
    queryFn: ({ signal }) => fetchMails(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useMail(mailId: string) {
  return useQuery({
    queryKey: adminKeys.mail(mailId),
    queryFn: ({ signal }) => fetchMail(mailId, signal),
    staleTime: ADMIN_STALE_MS,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.mails() }),
  });
}
