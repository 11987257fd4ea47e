import { Link } from "react-router";
import { BookCover } from "../../../ui/book-cover";
import { ButtonLink } from "../../../ui/button";
import { useOpenLoans } from "../hooks/loan-queries";
import { loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import { LoanFacts, LoanListState, loanDateFacts, LoanStatusBadge } from "./loan-parts";

/** Profile › Current Borrowings (spec §2): the books on loan with their dates. */
export function CurrentBorrowings() {
  return (
    <LoanListState
      query={useOpenLoans()}
      loadingLabel="Loading your current borrowings"
      emptyMessage={loanMessages.noCurrentLoans}
    >
      {(loans) => (
        <>
          <p className="loan-list__summary">
            To renew or return a book, go to <Link to="/user/books">My Books</Link>.
          </p>
          <ul className="loan-list">
            {loans.map((loan) => {
              const title = loanTitle(loan);
              return (
                <li key={loan.borrowId} className="loan-card loan-card--compact">
                  <BookCover src={loan.cover} title={title} width={64} height={96} />
                  <div className="loan-card__body">
                    <div className="loan-card__heading">
                      <h3 className="loan-card__title">{title}</h3>
                      {loan.status === "overdue" && <LoanStatusBadge status={loan.status} />}
                    </div>
                    <p className="loan-card__author">{loanAuthor(loan)}</p>
                    <LoanFacts facts={loanDateFacts(loan)} />
                  </div>
                  <ButtonLink
                    to={`/book/${loan.bookId}`}
                    variant="secondary"
                    size="sm"
                    className="loan-card__details"
                    aria-label={`View Details of ${title}`}
                  >
                    View Details
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </LoanListState>
  );
}
