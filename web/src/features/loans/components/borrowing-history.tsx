import { useLoanHistory } from "../hooks/loan-queries";
import { loanMessages } from "../messages";
import { LoanCard, LoanListState, loanDateFacts } from "./loan-parts";

/** My Books › Borrowing History: every loan, newest first, with its status and return date. */
export function BorrowingHistory() {
  return (
    <LoanListState
      query={useLoanHistory()}
      loadingLabel="Loading your borrowing history"
      emptyMessage={loanMessages.noHistory}
    >
      {(loans) => (
        <ul className="shelf-list">
          {loans.map((loan) => (
            <LoanCard
              key={loan.borrowId}
              loan={loan}
              facts={loanDateFacts(loan, { returnDate: true })}
            />
          ))}
        </ul>
      )}
    </LoanListState>
  );
}
