import type { UserInfo } from "@folio/contract/accounts";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useUserInfo } from "../hooks/user-info-query";
import { accountMessages } from "../messages";
import "./account-views.css";

/** Profile › User Details (spec §2): name, email, registration date and balance. */
export function UserDetails() {
  return (
    <QueryState
      query={useUserInfo({ errorMessage: accountMessages.userInfoFailed })}
      loadingLabel="Loading your details"
      skeleton={<SkeletonLines shapes={["line", "short", "line", "short"]} />}
      failedMessage={accountMessages.userInfoFailed}
    >
      {(user) => <AccountDetails user={user} />}
    </QueryState>
  );
}

function AccountDetails({ user }: { user: UserInfo }) {
  return (
    <>
      <dl className="account-details">
        <div className="account-details__row">
          <dt>User name</dt>
          <dd>{user.name}</dd>
        </div>
        <div className="account-details__row">
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div className="account-details__row">
          <dt>Registration date</dt>
          <dd>{formatLongDate(user.createdat)}</dd>
        </div>
        <div className="account-details__row">
          <dt>Account balance</dt>
          <dd className="account-details__balance">{formatPounds(user.balance)}</dd>
        </div>
      </dl>
      <p className="account-details__actions">
        <ButtonLink to={profileViewPath("TopUp")} variant="secondary" size="sm">
          Top up balance
        </ButtonLink>
        <ButtonLink to={profileViewPath("Settings")} variant="ghost" size="sm">
          Edit details
        </ButtonLink>
      </p>
    </>
  );
}
