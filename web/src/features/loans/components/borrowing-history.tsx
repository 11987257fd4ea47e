import { BookCover } from "../../../ui/book-cover";
import { useLoanHistory } from "../hooks/loan-queries";
import { loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import { LoanFacts, LoanListState, loanDateFacts, LoanStatusBadge } from "./loan-parts";

/** My Books › Borrowing History: every loan, newest first, with its status and return date. */
export function BorrowingHistory() {
  return (
    <LoanListState
      query={useLoanHistory()}
      loadingLabel="Loading your borrowing history"
      emptyMessage={loanMessages.noHistory}
    >
      {(loans) => (
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
      )}
    </LoanListState>
  );
}
