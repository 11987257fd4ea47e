import type { WireId } from "@folio/contract/common";
import { BORROW_LIMIT } from "@folio/contract/constants";
import type { LoanRecord } from "@folio/contract/loans";
import { useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Button } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { LOAN_LIST_FAILURE, useOpenLoans } from "../hooks/loan-queries";
import { loanTitle, timeLeftOf } from "../loan-display";
import { loanMessages } from "../messages";
import type { ReaderBalance } from "../reader-balance";
import { LoanCard, LoanListEmpty, LoanSkeletonRows, loanDateFacts } from "./loan-parts";
import { RenewLoanDialog } from "./renew-loan-dialog";
import { ReturnLoanDialog } from "./return-loan-dialog";

/** What other features add to each open loan: how far it is read, and how to open it. */
export interface LoanReading {
  /** percentage read, or null when the book has not been opened */
  progressOf: (bookId: WireId) => number | null;
  /** the button that opens the book in the reader */
  readButton: (loan: LoanRecord) => ReactNode;
}

interface CurrentLoansProps {
  balance: ReaderBalance;
  onBookReturned?: (bookId: WireId) => void;
  reading: LoanReading;
}

/** My Books › Currently Borrowed: each open loan with its progress, Read, Renew and Return. */
export function CurrentLoans({ balance, onBookReturned, reading }: CurrentLoansProps) {
  const query = useOpenLoans(LOAN_LIST_FAILURE);
  const [renewing, setRenewing] = useState<LoanRecord | null>(null);
  const [returning, setReturning] = useState<LoanRecord | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const renderLoans = (loans: LoanRecord[]) => (
    <>
      {loans.length === 0 ? (
        <LoanListEmpty ref={summaryRef}>{loanMessages.noCurrentLoans}</LoanListEmpty>
      ) : (
        <>
          <p ref={summaryRef} className="shelf-list__summary" tabIndex={-1}>
            You have {loans.length} of {BORROW_LIMIT} books on loan.
          </p>
          <ul className="shelf-list">
            {loans.map((loan) => (
              <CurrentLoanItem
                key={loan.borrowId}
                loan={loan}
                reading={reading}
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
            // focus would fall back to the top of the page. The summary says how many are left,
            // or the empty list says there are none.
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
  reading: LoanReading;
  onRenew: () => void;
  onReturn: () => void;
}

function CurrentLoanItem({ loan, reading, onRenew, onReturn }: CurrentLoanItemProps) {
  const title = loanTitle(loan);
  const timeLeft = timeLeftOf(loan.dueDate);
  return (
    <LoanCard
      loan={loan}
      facts={[
        ...loanDateFacts(loan),
        ...(timeLeft ? [{ label: "Time left", value: timeLeft }] : []),
      ]}
      progress={reading.progressOf(loan.bookId)}
      actions={
        <>
          {reading.readButton(loan)}
          {/* Renewing costs the book's price: a secondary action beside Read (issue 45). */}
          <Button variant="secondary" size="sm" onClick={onRenew} aria-label={`Renew ${title}`}>
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
