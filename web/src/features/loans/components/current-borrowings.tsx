import { Link } from "react-router";
import { ButtonLink } from "../../../ui/button";
import { LOAN_LIST_FAILURE, useOpenLoans } from "../hooks/loan-queries";
import { loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import { LoanCard, LoanListState, loanDateFacts } from "./loan-parts";

/** Profile › Current Borrowings (spec §2): the books on loan with their dates. */
export function CurrentBorrowings() {
  return (
    <LoanListState
      query={useOpenLoans(LOAN_LIST_FAILURE)}
      loadingLabel="Loading your current borrowings"
      emptyMessage={loanMessages.noCurrentLoans}
    >
      {(loans) => (
        <>
          <p className="shelf-list__summary">
            To renew or return a book, go to <Link to="/user/books">My Books</Link>.
          </p>
          <ul className="shelf-list">
            {loans.map((loan) => (
              <LoanCard
                key={loan.borrowId}
                loan={loan}
                facts={loanDateFacts(loan)}
                compact
                headingLevel={3}
                showStatus={loan.status === "overdue"}
                aside={
                  <ButtonLink
                    to={`/book/${loan.bookId}`}
                    variant="secondary"
                    size="sm"
                    className="loan-card__details"
                    aria-label={`View Details of ${loanTitle(loan)}`}
                  >
                    View Details
                  </ButtonLink>
                }
              />
            ))}
          </ul>
        </>
      )}
    </LoanListState>
  );
}
