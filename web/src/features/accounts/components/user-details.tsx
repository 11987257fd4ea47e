import { useEffect, useRef } from "react";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { ButtonLink } from "../../../ui/button";
import { useToast } from "../../../ui/toast";
import { useUserInfo } from "../hooks/user-info-query";
import { accountMessages } from "../messages";
import "./account-views.css";
import { LoadFailedNotice } from "../../../ui/load-failed-notice";

/** Profile › User Details (spec §2): name, email, registration date and balance. */
export function UserDetails() {
  const { data: user, isPending, isError, errorUpdatedAt, refetch, isFetching } = useUserInfo();
  const { showToast } = useToast();
  const toastedFailure = useRef(0);

  useEffect(() => {
    // One toast per failed load (effects may run twice in development).
    if (!isError || toastedFailure.current === errorUpdatedAt) return;
    toastedFailure.current = errorUpdatedAt;
    showToast(accountMessages.userInfoFailed, { tone: "error" });
  }, [isError, errorUpdatedAt, showToast]);

  if (isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden">Loading your details</p>
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
      </div>
    );
  }

  if (!user) {
    return (
      <LoadFailedNotice
        message={accountMessages.userInfoFailed}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }

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
