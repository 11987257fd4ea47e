import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import { ApiError } from "../../../lib/api-client";
import type { FailureMeta } from "../../../lib/query-meta";
import { fetchUserInfo } from "../api/accounts-api";
import { rememberUser } from "../stored-account";

export const accountKeys = {
  all: ["accounts"] as const,
  me: () => [...accountKeys.all, "me"] as const,
};

/**
 * Fetches the account and keeps the stored copy current. An answer without the person's id
 * counts as a failure (spec §4: "fails or returns nothing").
 */
export async function loadUserInfo(
  options: { token?: string; signal?: AbortSignal } = {},
): Promise<UserInfo> {
  const info = await fetchUserInfo(options);
  if (typeof info?.UUID !== "string" || info.UUID === "" || typeof info.name !== "string") {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the account");
  }
  rememberUser(info);
  return info;
}

export function userInfoQuery() {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => loadUserInfo({ signal }),
  });
}

/** `meta`: a screen that shows the account says when it cannot load (spec §8). */
export function useUserInfo(meta?: FailureMeta) {
  return useQuery({ ...userInfoQuery(), meta });
}
