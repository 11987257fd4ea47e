import { useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import type { TopUpResponse } from "@folio/contract/payments";
import { accountKeys, useUserInfo } from "../../features/accounts/hooks/user-info-query";
import { TopUp } from "../../features/payments/components/top-up";
import { writeStored } from "../../lib/storage";

/** Profile › Top Up: the payments form, wired to the account's balance (spec §4). */
export function TopUpView() {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();

  function applyBalance(result: TopUpResponse) {
    queryClient.setQueryData<UserInfo>(accountKeys.me(), (current) =>
      current ? { ...current, balance: result.balance } : current,
    );
    writeStored("accountBalance", result.balance);
  }

  return <TopUp balance={user?.balance} onToppedUp={applyBalance} />;
}
