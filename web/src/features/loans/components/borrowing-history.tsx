import { BookCover } from "../../../ui/book-cover";
import { useLoadFailureToast, useLoanHistory } from "../hooks/loan-queries";
import { loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import {
  LoanFacts,
  LoanListEmpty,
  LoanListSkeleton,
  LoanLoadFailed,
  loanDateFacts,
  LoanStatusBadge,
} from "./loan-parts";

/** My Books › Borrowing History: every loan, newest first, with its status and return date. */
export function BorrowingHistory() {
  const query = useLoanHistory();
  useLoadFailureToast(query);

  if (query.isPending) return <LoanListSkeleton label="Loading your borrowing history" />;
  if (!query.data) {
    return <LoanLoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const loans = query.data.data;
  if (loans.length === 0) return <LoanListEmpty>{loanMessages.noHistory}</LoanListEmpty>;

  return (
    <ul className="loan-list">
      {loans.map((loan) => {
        const title = loanTitle(loan);
        return (
          <li key={loan.borrowId} className="loan-card">
            <BookCover src={loan.cover} title={title} width={80} height={120} />
            <div className="loan-card__body">
              <div className="loan-card__heading">
                <h2 className="loan-card__title">{title}</h2>
                <LoanStatusBadge status={loan.status} />
              </div>
              <p className="loan-card__author">{loanAuthor(loan)}</p>
              <LoanFacts facts={loanDateFacts(loan, { returnDate: true })} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
