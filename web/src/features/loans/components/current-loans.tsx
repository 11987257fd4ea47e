import type { WireId } from "@folio/contract/common";
import { BORROW_LIMIT } from "@folio/contract/constants";
import type { LoanRecord } from "@folio/contract/loans";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button, ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { LOAN_LIST_FAILURE, useOpenLoans } from "../hooks/loan-queries";
import { loanTitle } from "../loan-display";
import { loanMessages } from "../messages";
import type { ReaderBalance } from "../reader-balance";
import { LoanCard, LoanListEmpty, LoanSkeletonRows, loanDateFacts } from "./loan-parts";
import { RenewLoanDialog } from "./renew-loan-dialog";
import { ReturnLoanDialog } from "./return-loan-dialog";

interface CurrentLoansProps {
  balance: ReaderBalance;
  onBookReturned?: (bookId: WireId) => void;
}

/** My Books › Currently Borrowed: each open loan with Read, Renew and Return. */
export function CurrentLoans({ balance, onBookReturned }: CurrentLoansProps) {
  const query = useOpenLoans(LOAN_LIST_FAILURE);
  const [renewing, setRenewing] = useState<LoanRecord | null>(null);
  const [returning, setReturning] = useState<LoanRecord | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const renderLoans = (loans: LoanRecord[]) => (
    <>
      {loans.length === 0 ? (
        <LoanListEmpty>{loanMessages.noCurrentLoans}</LoanListEmpty>
      ) : (
        <>
          <p ref={summaryRef} className="loan-list__summary" tabIndex={-1}>
            You have {loans.length} of {BORROW_LIMIT} books on loan.
          </p>
          <ul className="loan-list">
            {loans.map((loan) => (
              <CurrentLoanItem
                key={loan.borrowId}
                loan={loan}
                onRenew={() => setRenewing(loan)}
                onReturn={() => setReturning(loan)}
              />
            ))}
          </ul>
        </>
      )}
      {renewing && (
        <RenewLoanDialog loan={renewing} balance={balance} onClose={() => setRenewing(null)} />
      )}
      {returning && (
        <ReturnLoanDialog
          loan={returning}
          onClose={() => setReturning(null)}
          onReturned={() => {
            onBookReturned?.(returning.bookId);
            // The Return button that opened the modal is gone with its book; without this,
            // focus would fall back to the top of the page.
            flushSync(() => setReturning(null));
            summaryRef.current?.focus();
          }}
        />
      )}
    </>
  );

  return (
    <QueryState
      query={query}
      loadingLabel="Loading your books"
      skeleton={<LoanSkeletonRows />}
      failedMessage={loanMessages.loadFailed}
    >
      {(list) => renderLoans(list.data)}
    </QueryState>
  );
}

interface CurrentLoanItemProps {
  loan: LoanRecord;
  onRenew: () => void;
  onReturn: () => void;
}

function CurrentLoanItem({ loan, onRenew, onReturn }: CurrentLoanItemProps) {
  const title = loanTitle(loan);
  return (
    <LoanCard
      loan={loan}
      facts={loanDateFacts(loan)}
      actions={
        <>
          <ButtonLink
            to={`/book/${loan.bookId}`}
            variant="secondary"
            size="sm"
            aria-label={`Read ${title}`}
          >
            Read
          </ButtonLink>
          <Button size="sm" onClick={onRenew} aria-label={`Renew ${title}`}>
            Renew
          </Button>
          <Button variant="ghost" size="sm" onClick={onReturn} aria-label={`Return ${title}`}>
            Return
          </Button>
        </>
      }
    />
  );
}
