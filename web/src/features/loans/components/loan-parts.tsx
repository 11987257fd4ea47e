import type { LoanList, LoanRecord, LoanStatus } from "@folio/contract/loans";
import { useId, type ReactNode, type Ref } from "react";
import { formatLongDate } from "../../../lib/dates";
import { BookCover } from "../../../ui/book-cover";
import { ButtonLink } from "../../../ui/button";
import { QueryState, type QueryStatus } from "../../../ui/query-state";
import { LOAN_STATUS_LABELS, loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import { SkeletonLines } from "../../../ui/skeleton";
import "../../../ui/shelf-card.css";
import "./loans.css";

/** The status in words; the colour only repeats it. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return (
    <span className={`shelf-status loan-status--${status}`}>{LOAN_STATUS_LABELS[status]}</span>
  );
}

export interface LoanFact {
  label: string;
  value: ReactNode;
}

/** Dates and amounts as label/value pairs. */
export function LoanFacts({ facts, className }: { facts: LoanFact[]; className?: string }) {
  return (
    <dl className={["shelf-facts", className ?? ""].filter(Boolean).join(" ")}>
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
  /** percentage of the book read; null when not opened, undefined where not shown */
  progress?: number | null | undefined;
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
  progress,
}: LoanCardProps) {
  const title = loanTitle(loan);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <li className={compact ? "shelf-card loan-card--compact" : "shelf-card"}>
      <BookCover
        src={loan.cover}
        title={title}
        width={compact ? 64 : 80}
        height={compact ? 96 : 120}
      />
      <div className="shelf-card__body">
        <div className="shelf-card__heading">
          <Heading className="shelf-card__title">{title}</Heading>
          {showStatus && <LoanStatusBadge status={loan.status} />}
        </div>
        <p className="shelf-card__author">{loanAuthor(loan)}</p>
        <LoanFacts facts={facts} />
        {progress !== undefined && <ReadingProgress percentage={progress} />}
        {actions && <div className="shelf-card__actions">{actions}</div>}
      </div>
      {aside}
    </li>
  );
}

/** How far the reader has got in the book, as a bar and in words. */
function ReadingProgress({ percentage }: { percentage: number | null }) {
  const id = useId();
  if (percentage === null) return <p className="loan-progress loan-progress--none">Not started</p>;
  const shown = Math.round(percentage);
  return (
    <div className="loan-progress">
      <span id={id}>{shown}% read</span>
      <progress className="loan-progress__bar" max={100} value={shown} aria-labelledby={id} />
    </div>
  );
}

/** Placeholder rows while a list of loans loads. */
export function LoanSkeletonRows() {
  return [0, 1, 2].map((row) => (
    <div key={row} className="loan-skeleton" aria-hidden="true">
      <div className="skeleton loan-skeleton__cover" />
      <div className="loan-skeleton__text">
        <SkeletonLines shapes={["line", "short", "short"]} />
      </div>
    </div>
  ));
}

/** An empty list, with the way to fill it. `ref` lets focus land on its text. */
export function LoanListEmpty({
  children,
  ref,
}: {
  children: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <div className="page__notice">
      <p ref={ref} tabIndex={ref ? -1 : undefined}>
        {children}
      </p>
      <ButtonLink to="/books" variant="secondary" size="sm">
        Browse books
      </ButtonLink>
    </div>
  );
}

interface LoanListStateProps {
  query: QueryStatus<LoanList>;
  /** what the loading placeholders announce */
  loadingLabel: string;
  /** shown when the list is empty */
  emptyMessage: string;
  children: (loans: LoanRecord[]) => ReactNode;
}

/** A list of loans through QueryState: its placeholders, failure and empty state. */
export function LoanListState({ query, loadingLabel, emptyMessage, children }: LoanListStateProps) {
  return (
    <QueryState
      query={query}
      loadingLabel={loadingLabel}
      skeleton={<LoanSkeletonRows />}
      failedMessage={loanMessages.loadFailed}
      isEmpty={(list) => list.data.length === 0}
      empty={<LoanListEmpty>{emptyMessage}</LoanListEmpty>}
    >
      {(list) => children(list.data)}
    </QueryState>
  );
}
