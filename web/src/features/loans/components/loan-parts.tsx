import type { LoanList, LoanRecord, LoanStatus } from "@folio/contract/loans";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatLongDate } from "../../../lib/dates";
import { BookCover } from "../../../ui/book-cover";
import { ButtonLink } from "../../../ui/button";
import { useLoadFailureToast } from "../hooks/loan-queries";
import { LOAN_STATUS_LABELS, loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import "./loans.css";
import { LoadFailedNotice } from "../../../ui/load-failed-notice";

/** The status in words; the colour only repeats it. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <span className={`loan-status loan-status--${status}`}>{LOAN_STATUS_LABELS[status]}</span>;
}

export interface LoanFact {
  label: string;
  value: ReactNode;
}

/** Dates and amounts as label/value pairs. */
export function LoanFacts({ facts, className }: { facts: LoanFact[]; className?: string }) {
  return (
    <dl className={["loan-facts", className ?? ""].filter(Boolean).join(" ")}>
      {facts.map((fact) => (
        <div key={fact.label} className="loan-facts__item">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function loanDateFacts(
  loan: Pick<LoanRecord, "borrowDate" | "dueDate" | "returnDate">,
  options: { returnDate?: boolean } = {},
): LoanFact[] {
  const facts = [
    { label: "Borrow date", value: formatLongDate(loan.borrowDate) },
    { label: "Due date", value: formatLongDate(loan.dueDate) },
  ];
  if (options.returnDate) {
    facts.push({
      label: "Return date",
      value: loan.returnDate ? formatLongDate(loan.returnDate) : "Not returned yet",
    });
  }
  return facts;
}

interface LoanCardProps {
  loan: LoanRecord;
  facts: LoanFact[];
  /** The profile's lists: a smaller cover, and a third column for `aside`. */
  compact?: boolean;
  /** 3 under a profile section's own heading. */
  headingLevel?: 2 | 3;
  showStatus?: boolean;
  /** Buttons under the facts. */
  actions?: ReactNode;
  /** After the body, as the card's last column. */
  aside?: ReactNode;
}

/** One loan in a list: cover, title, status, author and facts. */
export function LoanCard({
  loan,
  facts,
  compact = false,
  headingLevel = 2,
  showStatus = true,
  actions,
  aside,
}: LoanCardProps) {
  const title = loanTitle(loan);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <li className={compact ? "loan-card loan-card--compact" : "loan-card"}>
      <BookCover
        src={loan.cover}
        title={title}
        width={compact ? 64 : 80}
        height={compact ? 96 : 120}
      />
      <div className="loan-card__body">
        <div className="loan-card__heading">
          <Heading className="loan-card__title">{title}</Heading>
          {showStatus && <LoanStatusBadge status={loan.status} />}
        </div>
        <p className="loan-card__author">{loanAuthor(loan)}</p>
        <LoanFacts facts={facts} />
        {actions && <div className="loan-card__actions">{actions}</div>}
      </div>
      {aside}
    </li>
  );
}

/** Placeholder rows while a list loads. */
export function LoanListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="loan-skeleton" aria-hidden="true">
          <div className="skeleton loan-skeleton__cover" />
          <div className="loan-skeleton__text">
            <div className="skeleton skeleton--text" />
            <div className="skeleton skeleton--text skeleton--short" />
            <div className="skeleton skeleton--text skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A failed load: the message (also toasted) and a retry. */
export function LoanLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <LoadFailedNotice message={loanMessages.loadFailed} retrying={retrying} onRetry={onRetry} />
  );
}

/** An empty list, with the way to fill it. */
export function LoanListEmpty({ children }: { children: string }) {
  return (
    <div className="page__notice">
      <p>{children}</p>
      <ButtonLink to="/books" variant="secondary" size="sm">
        Browse books
      </ButtonLink>
    </div>
  );
}

interface LoanListStateProps {
  query: UseQueryResult<LoanList>;
  /** what the loading skeleton announces */
  loadingLabel: string;
  /** shown when the list is empty */
  emptyMessage: string;
  children: (loans: LoanRecord[]) => ReactNode;
}

/** A loan list's way to its loans: loading, failed (a toast and Retry), empty, then the list. */
export function LoanListState({ query, loadingLabel, emptyMessage, children }: LoanListStateProps) {
  useLoadFailureToast(query);
  if (query.isPending) return <LoanListSkeleton label={loadingLabel} />;
  if (!query.data) {
    return <LoanLoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const loans = query.data.data;
  if (loans.length === 0) return <LoanListEmpty>{emptyMessage}</LoanListEmpty>;
  return children(loans);
}
