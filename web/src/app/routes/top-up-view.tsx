import { useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import type { TopUpResponse } from "@folio/contract/payments";
import { accountKeys, useUserInfo } from "../../features/accounts/hooks/user-info-query";
import { rememberBalance } from "../../features/accounts/stored-account";
import { TopUp } from "../../features/payments/components/top-up";

/** Profile › Top Up: the payments form, wired to the account's balance (spec §4). */
export function TopUpView() {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();

  function applyBalance(result: TopUpResponse) {
    queryClient.setQueryData<UserInfo>(accountKeys.me(), (current) =>
      current ? { ...current, balance: result.balance } : current,
    );
    rememberBalance(result.balance);
  }

  return <TopUp balance={user?.balance} onToppedUp={applyBalance} />;
}
