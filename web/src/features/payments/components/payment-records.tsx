import type { PaymentHistory } from "@folio/contract/payments";
import { formatLongDateTime } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { usePaymentHistory } from "../hooks/payment-queries";
import { paymentMessages } from "../messages";
import "./payments.css";

/** Profile › Payment Records (spec §2): the top-ups, newest first, all Completed. */
export function PaymentRecords() {
  return (
    <QueryState
      query={usePaymentHistory()}
      loadingLabel="Loading your payment records"
      failedMessage={paymentMessages.historyFailed}
      isEmpty={(history) => history.data.length === 0}
      empty={
        <div className="payment-records__empty">
          <p>{paymentMessages.noRecords}</p>
          <ButtonLink to={profileViewPath("TopUp")} size="sm">
            Top Up Now
          </ButtonLink>
        </div>
      }
    >
      {(history) => <PaymentTable payments={history.data} />}
    </QueryState>
  );
}

function PaymentTable({ payments }: { payments: PaymentHistory["data"] }) {
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
          {payments.map((payment) => (
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
