import type {
  AdminLedgerEntry,
  AdminLoan,
  AdminReview,
  ReaderSummary,
} from "@folio/contract/admin";
import { roleNames } from "@folio/contract/staff";
import { formatLongDate, formatLongDateTime } from "../../../lib/dates";
import type { ReactNode } from "react";
import { formatPounds } from "../../../lib/money";
import { Button } from "../../../ui/button";
import { ConsoleTable } from "./admin-table";
import { SignedAmount } from "./signed-amount";

// The parts of a reader's page (/admin/readers/:userId) that show their account.

export const LEDGER_KINDS: Record<AdminLedgerEntry["kind"], string> = {
  topup: "Top-up",
  borrow: "Loan",
  renewal: "Renewal",
  adjustment: "Adjustment",
  refund: "Refund",
};

const LOAN_STATUS: Record<AdminLoan["status"], string> = {
  open: "Open",
  overdue: "Overdue",
  returned: "Returned",
};

export function ReaderFacts({ reader }: { reader: ReaderSummary }) {
  return (
    <dl className="console-facts">
      <div>
        <dt>Email</dt>
        <dd className="console-table__break">{reader.email}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd>{formatPounds(reader.balance)}</dd>
      </div>
      <div>
        <dt>Role</dt>
        <dd>{roleNames[reader.role]}</dd>
      </div>
      <div>
        <dt>Account</dt>
        <dd>
          {reader.blockedAt ? (
            <span className="console-badge console-badge--danger">
              Blocked since {formatLongDate(reader.blockedAt)}
            </span>
          ) : (
            <span className="console-badge console-badge--ok">Active</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Open loans</dt>
        <dd>{reader.openLoans}</dd>
      </div>
      <div>
        <dt>Joined</dt>
        <dd>{formatLongDate(reader.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** One part of the reader's page: its heading, then what it lists, or a line saying it is empty. */
function ReaderSection({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section className="console-section">
      <h2>{title}</h2>
      {count === 0 ? <p className="console-empty">{empty}</p> : children}
    </section>
  );
}

export function LoansSection({
  loans,
  onEnd,
}: {
  loans: AdminLoan[];
  onEnd: (loan: AdminLoan) => void;
}) {
  return (
    <ReaderSection title="Loans" count={loans.length} empty="No loans yet.">
      <ConsoleTable
        label="Loans"
        caption="Loans, newest first"
        columns={
          <>
            <th scope="col">Book</th>
            <th scope="col">Borrowed</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" className="console-table__number">
              Price
            </th>
            <th scope="col">Actions</th>
          </>
        }
      >
        {loans.map((loan) => (
          <tr key={loan.loanId}>
            <th scope="row">{loan.title}</th>
            <td className="console-table__nowrap">{formatLongDate(loan.borrowedAt)}</td>
            <td className="console-table__nowrap">{formatLongDate(loan.dueAt)}</td>
            <td>
              {loan.status === "returned"
                ? `Returned ${formatLongDate(loan.returnedAt)}`
                : loan.status === "overdue"
                  ? `Overdue by ${loan.daysOverdue} ${loan.daysOverdue === 1 ? "day" : "days"}`
                  : LOAN_STATUS[loan.status]}
            </td>
            <td className="console-table__number">{formatPounds(loan.price)}</td>
            <td>
              {loan.status !== "returned" && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`End loan of ${loan.title}`}
                  onClick={() => onEnd(loan)}
                >
                  End loan
                </Button>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </ReaderSection>
  );
}

export function LedgerSection({
  ledger,
  onRefund,
}: {
  ledger: AdminLedgerEntry[];
  onRefund: (entry: AdminLedgerEntry) => void;
}) {
  return (
    <ReaderSection
      title="Payments and charges"
      count={ledger.length}
      empty="No payments or charges yet."
    >
      <ConsoleTable
        label="Payments and charges"
        caption="Payments and charges, newest first"
        columns={
          <>
            <th scope="col">Date</th>
            <th scope="col">Kind</th>
            <th scope="col">Details</th>
            <th scope="col" className="console-table__number">
              Amount
            </th>
            <th scope="col" className="console-table__number">
              Balance after
            </th>
            <th scope="col">Actions</th>
          </>
        }
      >
        {ledger.map((entry) => (
          <tr key={entry.ledgerId}>
            <td className="console-table__nowrap">{formatLongDateTime(entry.date)}</td>
            <th scope="row">{LEDGER_KINDS[entry.kind] ?? entry.kind}</th>
            <td>
              {entry.bookTitle && <span className="console-cell-line">{entry.bookTitle}</span>}
              {entry.reason && (
                <span className="console-cell-line console-muted">“{entry.reason}”</span>
              )}
              {entry.actorEmail && (
                <span className="console-cell-line console-muted">by {entry.actorEmail}</span>
              )}
            </td>
            <td className="console-table__number">
              <SignedAmount amount={entry.amount} />
            </td>
            <td className="console-table__number">{formatPounds(entry.balanceAfter)}</td>
            <td>
              {(entry.refundable ?? 0) > 0 && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Refund ${LEDGER_KINDS[entry.kind] ?? "charge"} of ${
                    entry.bookTitle ?? "a book"
                  } on ${formatLongDate(entry.date)}`}
                  onClick={() => onRefund(entry)}
                >
                  Refund
                </Button>
              )}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </ReaderSection>
  );
}

export function ReviewsSection({ reviews }: { reviews: AdminReview[] }) {
  return (
    <ReaderSection title="Reviews" count={reviews.length} empty="No reviews yet.">
      <ul className="console-reviews">
        {reviews.map((review) => (
          <li key={review.reviewId} className="console-review">
            <p className="console-review__head">
              <strong>{review.bookTitle}</strong>{" "}
              <span className="console-muted">
                {review.rating} of 5 stars · {formatLongDate(review.createdAt)}
              </span>
              {review.hiddenAt && (
                <span className="console-badge console-badge--muted">Hidden</span>
              )}
            </p>
            <p className="console-review__text">{review.content}</p>
            {review.hiddenReason && (
              <p className="console-muted">Hidden because: {review.hiddenReason}</p>
            )}
          </li>
        ))}
      </ul>
    </ReaderSection>
  );
}
