import { useEffect, useRef } from "react";
import { formatLongDateTime } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { ButtonLink } from "../../../ui/button";
import { useToast } from "../../../ui/toast";
import { usePaymentHistory } from "../hooks/payment-queries";
import { paymentMessages } from "../messages";
import "./payments.css";
import { LoadFailedNotice } from "../../../ui/load-failed-notice";

/** Profile › Payment Records (spec §2): the top-ups, newest first, all Completed. */
export function PaymentRecords() {
  const { data, isPending, isError, errorUpdatedAt, refetch, isFetching } = usePaymentHistory();
  const { showToast } = useToast();
  const toastedFailure = useRef(0);

  useEffect(() => {
    // One toast per failed load (effects may run twice in development).
    if (!isError || toastedFailure.current === errorUpdatedAt) return;
    toastedFailure.current = errorUpdatedAt;
    showToast(paymentMessages.historyFailed, { tone: "error" });
  }, [isError, errorUpdatedAt, showToast]);

  if (isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading your payment records
        </p>
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
      </div>
    );
  }

  if (!data) {
    return (
      <LoadFailedNotice
        message={paymentMessages.historyFailed}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }

  if (data.data.length === 0) {
    return (
      <div className="payment-records__empty">
        <p>{paymentMessages.noRecords}</p>
        <ButtonLink to={profileViewPath("TopUp")} size="sm">
          Top Up Now
        </ButtonLink>
      </div>
    );
  }

  return (
    // Scrolls sideways on a narrow phone; focusable so the keyboard can scroll it too.
    <div className="payment-records" role="region" aria-label="Payment records" tabIndex={0}>
      <table className="payment-records__table">
        <caption className="visually-hidden">Your top-ups, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order No</th>
            <th scope="col">Amount</th>
            <th scope="col">Payment Time</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((payment) => (
            <tr key={payment.paymentId}>
              <td>{payment.paymentId}</td>
              <td className="payment-records__amount">{formatPounds(payment.amount)}</td>
              <td>{formatLongDateTime(payment.date)}</td>
              <td>
                <span className="payment-records__status">Completed</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
