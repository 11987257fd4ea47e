import { borrowStates, renewMessages } from "@folio/contract/constants";
import type { LoanRecord } from "@folio/contract/loans";
import { poundsToPence } from "@folio/contract/money";
import { useEffect, useState } from "react";
import { serverMessage } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds, shortfallPence } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { useIdempotencyKeys } from "../../../lib/use-idempotency-keys";
import { BookCover } from "../../../ui/book-cover";
import { Button, ButtonLink } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { useRenewLoan } from "../hooks/loan-mutations";
import { useRenewalFee } from "../hooks/loan-queries";
import { loanAuthor, loanTitle, renewedDueDate } from "../loan-display";
import { loanMessages } from "../messages";
import type { ReaderBalance } from "../reader-balance";
import { LoanFacts } from "./loan-parts";

/** Spec §4: the fee shows as 5 until the book's price has loaded. */
export const DEFAULT_RENEWAL_FEE = 5;

interface RenewLoanDialogProps {
  loan: LoanRecord;
  balance: ReaderBalance;
  onClose: () => void;
}

/**
 * The renewal modal: the book, its current and new due dates, the fee and the balance. Opening
 * it only reads; Confirm renews. When the balance is short, Top Up takes Confirm's place.
 */
export function RenewLoanDialog({ loan, balance, onClose }: RenewLoanDialogProps) {
  const title = loanTitle(loan);
  const author = loanAuthor(loan);
  const feeQuery = useRenewalFee(loan.bookId);
  const renewal = useRenewLoan();
  const { showToast } = useToast();
  const [previewDue] = useState(() => renewedDueDate(loan.dueDate));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per renewal the reader confirms; a retry after a lost answer reuses it.
  const idempotencyKeys = useIdempotencyKeys();
  const { refresh } = balance;

  useEffect(() => {
    refresh();
  }, [refresh]);

  const pending = renewal.isPending;
  const fee = feeQuery.data ?? DEFAULT_RENEWAL_FEE;
  const feeKnown = feeQuery.isSuccess;
  const checkFailed = balance.failed && !balance.checking;
  const missingPence =
    feeKnown && balance.amount !== undefined ? shortfallPence(fee, balance.amount) : 0;
  const short = refusal !== null || missingPence > 0;
  const ready = feeKnown && balance.amount !== undefined && !checkFailed;

  function close() {
    // Closing while the request runs would hide its outcome.
    if (!pending) onClose();
  }

  async function confirm() {
    if (pending || !ready) return;
    setFailure(null);
    let result;
    try {
      result = await renewal.mutateAsync({
        bookId: loan.bookId,
        idempotencyKey: idempotencyKeys.keyFor(`renew:${loan.bookId}`),
      });
    } catch (error) {
      idempotencyKeys.settle(error);
      setFailure(serverMessage(error) ?? loanMessages.renewalFailed);
      return;
    }
    idempotencyKeys.settle();
    if (result.state === borrowStates.success) {
      balance.charged(result.balance);
      showToast(loanMessages.renewed(title, formatLongDate(result.newDueDate)), {
        tone: "success",
      });
      onClose();
    } else if (result.state === borrowStates.insufficientBalance) {
      setRefusal(result.message || renewMessages.insufficient(poundsToPence(result.newPayment)));
      refresh();
    } else {
      setFailure(loanMessages.renewalFailed);
    }
  }

  const balanceText =
    balance.amount !== undefined
      ? formatPounds(balance.amount)
      : balance.checking
        ? "Checking…"
        : "Unknown";

  return (
    <Modal
      title="Renew book"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          {short ? (
            <ButtonLink to={profileViewPath("TopUp")}>Top Up</ButtonLink>
          ) : (
            <Button
              aria-disabled={pending || !ready ? true : undefined}
              onClick={() => void confirm()}
            >
              {pending ? "Renewing…" : "Confirm"}
            </Button>
          )}
        </>
      }
    >
      <div className="loan-dialog__book">
        <BookCover src={loan.cover} title={title} width={64} height={96} eager />
        <div>
          <p className="loan-dialog__title">{title}</p>
          <p className="loan-dialog__author">{author}</p>
        </div>
      </div>
      <LoanFacts
        className="loan-facts--dialog"
        facts={[
          { label: "Current due date", value: formatLongDate(loan.dueDate) },
          { label: "New due date", value: formatLongDate(previewDue) },
          {
            label: "Renewal fee",
            value: (
              <span aria-busy={feeQuery.isPending ? true : undefined}>{formatPounds(fee)}</span>
            ),
          },
          { label: "Your balance", value: balanceText },
        ]}
      />
      {feeQuery.isError && <FormMessage tone="error">{loanMessages.bookInfoFailed}</FormMessage>}
      {checkFailed && <FormMessage tone="error">{loanMessages.renewalCheckFailed}</FormMessage>}
      {short && (
        <FormMessage tone="error">
          {refusal ?? renewMessages.insufficient(missingPence)}
        </FormMessage>
      )}
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
    </Modal>
  );
}
