import type { Statement, StatementEntry } from "@folio/contract/payments";
import { useState } from "react";
import { Link } from "react-router";
import { formatLongDateTime } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { ButtonLink } from "../../../ui/button";
import { Pagination } from "../../../ui/pagination";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useStatement } from "../hooks/payment-queries";
import { paymentMessages } from "../messages";
import "./payments.css";

const COLUMNS = ["Date", "Description", "Amount", "Balance after", "Status"] as const;

/**
 * Profile › Payment Records (spec §2), as a statement: every change of the balance, newest
 * first, 10 a page, each with the balance after it. Top-ups keep their Order No and Completed.
 * On a phone each row becomes a card.
 */
export function PaymentRecords() {
  const [page, setPage] = useState(1);
  return (
    <QueryState
      query={useStatement(page)}
      loadingLabel="Loading your payment records"
      skeleton={<SkeletonLines shapes={["block", "line", "line", "line", "short"]} />}
      failedMessage={paymentMessages.historyFailed}
      isEmpty={(statement) => statement.total === 0}
      empty={
        <div className="payment-records__empty">
          <p>{paymentMessages.noRecords}</p>
          <ButtonLink to={profileViewPath("TopUp")} size="sm">
            Top Up Now
          </ButtonLink>
        </div>
      }
    >
      {(statement) => <StatementTable statement={statement} onPageChange={setPage} />}
    </QueryState>
  );
}

function StatementTable({
  statement,
  onPageChange,
}: {
  statement: Statement;
  onPageChange: (page: number) => void;
}) {
  const { entries, page, pageSize, total } = statement;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize;
  return (
    <div className="statement">
      <p className="statement__summary" role="status">
        <span>
          Balance now: <strong>{formatPounds(statement.balance)}</strong>
        </span>
        <span className="statement__count">
          {entries.length === 0
            ? paymentMessages.pageGone
            : `Showing ${first + 1}–${first + entries.length} of ${total} ${
                total === 1 ? "entry" : "entries"
              }`}
        </span>
      </p>
      {entries.length > 0 && (
        <table className="statement__table">
          <caption className="visually-hidden">
            Payment records, newest first, page {page} of {pageCount}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="Date">{formatLongDateTime(entry.date)}</td>
                <td data-label="Description">
                  <div>
                    <EntryDescription entry={entry} />
                  </div>
                </td>
                <td data-label="Amount" className="statement__amount">
                  <SignedAmount amount={entry.amount} />
                </td>
                <td data-label="Balance after" className="statement__balance">
                  {formatPounds(entry.balanceAfter)}
                </td>
                {/* Only a top-up has a status (spec §4: payments are all Completed). */}
                <td data-label="Status">
                  {entry.kind === "topup" && <span className="statement__status">Completed</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
        onPageChange={onPageChange}
        label="Payment records pages"
      />
    </div>
  );
}

/** "+£50.00" in, "−£4.99" out: the sign says it, not only the colour. */
function SignedAmount({ amount }: { amount: number }) {
  const incoming = amount >= 0;
  return (
    <span className={incoming ? "statement__in" : "statement__out"}>
      {incoming ? "+" : "−"}
      {formatPounds(Math.abs(amount))}
    </span>
  );
}

function BookLink({ entry }: { entry: StatementEntry }) {
  const title = entry.bookTitle ?? paymentMessages.unknownBook;
  return entry.bookId ? <Link to={`/book/${entry.bookId}`}>{title}</Link> : <>{title}</>;
}

function EntryDescription({ entry }: { entry: StatementEntry }) {
  switch (entry.kind) {
    case "topup":
      return (
        <>
          <span className="statement__what">Top-up</span>
          <span className="statement__detail">Order No {entry.id}</span>
        </>
      );
    case "borrow":
      return (
        <span className="statement__what">
          Borrowed <BookLink entry={entry} />
        </span>
      );
    case "renewal":
      return (
        <span className="statement__what">
          Renewed <BookLink entry={entry} />
        </span>
      );
    case "refund":
      return (
        <span className="statement__what">
          Refund
          {entry.bookId && (
            <>
              {" for "}
              <BookLink entry={entry} />
            </>
          )}
        </span>
      );
    case "adjustment":
      return <span className="statement__what">Adjustment by the library</span>;
    default:
      // A kind this build does not know yet (a newer server): the amount still tells the story.
      return <span className="statement__what">Balance change</span>;
  }
}
