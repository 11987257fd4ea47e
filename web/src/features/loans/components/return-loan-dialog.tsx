import type { LoanRecord } from "@folio/contract/loans";
import { useState } from "react";
import { serverMessage } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { useReturnLoan } from "../hooks/loan-mutations";
import { loanAuthor, loanTitle } from "../loan-display";
import { loanMessages } from "../messages";

interface ReturnLoanDialogProps {
  loan: LoanRecord;
  onClose: () => void;
  /** The book has gone back; the list no longer holds it. */
  onReturned: () => void;
}

/** Confirms a return (spec §2); the book leaves the current list as soon as the server agrees. */
export function ReturnLoanDialog({ loan, onClose, onReturned }: ReturnLoanDialogProps) {
  const returning = useReturnLoan();
  const { showToast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const title = loanTitle(loan);
  const pending = returning.isPending;

  function close() {
    if (!pending) onClose();
  }

  async function confirm() {
    if (pending) return;
    setError(null);
    try {
      await returning.mutateAsync(loan.bookId);
    } catch (failure) {
      setError(serverMessage(failure) ?? loanMessages.returnFailed);
      return;
    }
    showToast(loanMessages.returned(title), { tone: "success" });
    onReturned();
  }

  return (
    <Modal
      title="Return book"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          <Button aria-disabled={pending ? true : undefined} onClick={() => void confirm()}>
            {pending ? "Returning…" : "Confirm"}
          </Button>
        </>
      }
    >
      <p>
        Return “{title}” by {loanAuthor(loan)}? It leaves your current loans and you can no longer
        read it. The fee is not refunded.
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </Modal>
  );
}
