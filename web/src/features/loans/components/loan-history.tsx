import { useId, useState } from "react";
import { formatLongDate } from "../../../lib/dates";
import { BookCover } from "../../../ui/book-cover";
import { ButtonLink } from "../../../ui/button";
import { Pagination } from "../../../ui/pagination";
import type { LoanRecord } from "@folio/contract/loans";
import { useLoanHistory } from "../hooks/loan-queries";
import { loanAuthor, loanTitle } from "../loan-display";
import {
  filterLoans,
  isLoanStatusFilter,
  LOAN_HISTORY_PAGE_SIZE,
  LOAN_STATUS_FILTERS,
  pageCountOf,
  type LoanStatusFilter,
} from "../loan-history-filter";
import { loanMessages } from "../messages";
import { LoanListState, LoanStatusBadge } from "./loan-parts";

const COLUMNS = ["Book Info", "Borrow Date", "Due Date", "Status", "Actions"] as const;

/**
 * Profile › Loan History (spec §2): search by title or author, filter by status, a table of
 * 5 loans a page. On a phone each row becomes a card.
 */
export function LoanHistory() {
  return (
    <LoanListState
      query={useLoanHistory()}
      loadingLabel="Loading your loan history"
      emptyMessage={loanMessages.noHistory}
    >
      {(loans) => <LoanHistoryTable allLoans={loans} />}
    </LoanListState>
  );
}

function LoanHistoryTable({ allLoans }: { allLoans: LoanRecord[] }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<LoanStatusFilter>("all");
  const [page, setPage] = useState(1);
  const searchId = useId();
  const statusId = useId();

  const matching = filterLoans(allLoans, search, status);
  const pageCount = pageCountOf(matching.length);
  // The list can shrink under the reader (a return elsewhere); stay on a page that exists.
  const current = Math.min(page, pageCount);
  const first = (current - 1) * LOAN_HISTORY_PAGE_SIZE;
  const shown = matching.slice(first, first + LOAN_HISTORY_PAGE_SIZE);

  return (
    <div className="loan-history">
      <div className="loan-history__controls" role="search" aria-label="Loan history">
        <div className="field">
          <label htmlFor={searchId} className="field__label">
            Search by title or author
          </label>
          <input
            id={searchId}
            type="search"
            className="field__input"
            value={search}
            maxLength={200}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={statusId} className="field__label">
            Status
          </label>
          <select
            id={statusId}
            className="field__input"
            value={status}
            onChange={(event) => {
              if (isLoanStatusFilter(event.target.value)) setStatus(event.target.value);
              setPage(1);
            }}
          >
            {LOAN_STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="loan-history__count" role="status">
        {matching.length === 0
          ? loanMessages.noMatchingLoans
          : `Showing ${first + 1}–${first + shown.length} of ${matching.length} ${
              matching.length === 1 ? "loan" : "loans"
            }`}
      </p>
      {shown.length > 0 && (
        <table className="loan-table">
          <caption className="visually-hidden">
            Loan history, page {current} of {pageCount}
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
            {shown.map((loan) => {
              const title = loanTitle(loan);
              return (
                <tr key={loan.borrowId}>
                  <td data-label="Book Info">
                    <div className="loan-table__book">
                      <BookCover src={loan.cover} title={title} width={48} height={72} />
                      <div>
                        <p className="loan-table__title">{title}</p>
                        <p className="loan-table__author">{loanAuthor(loan)}</p>
                      </div>
                    </div>
                  </td>
                  <td data-label="Borrow Date">{formatLongDate(loan.borrowDate)}</td>
                  <td data-label="Due Date">{formatLongDate(loan.dueDate)}</td>
                  <td data-label="Status">
                    <div>
                      <LoanStatusBadge status={loan.status} />
                      {loan.returnDate && (
                        <span className="loan-table__note">
                          on {formatLongDate(loan.returnDate)}
                        </span>
                      )}
                    </div>
                  </td>
                  <td data-label="Actions">
                    <ButtonLink
                      to={`/book/${loan.bookId}`}
                      variant="secondary"
                      size="sm"
                      aria-label={`View Details of ${title}`}
                    >
                      View Details
                    </ButtonLink>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination
        page={current}
        pageCount={pageCount}
        onPageChange={setPage}
        label="Loan history pages"
      />
    </div>
  );
}
