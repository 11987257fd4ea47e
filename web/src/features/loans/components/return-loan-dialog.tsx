import type { LoanRecord } from "@folio/contract/loans";
import { serverMessage } from "../../../lib/api-client";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
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
  const title = loanTitle(loan);
  return (
    <ConfirmDialog
      title="Return book"
      confirmLabel="Confirm"
      pendingLabel="Returning…"
      onConfirm={() => returning.mutateAsync(loan.bookId)}
      onConfirmed={() => {
        showToast(loanMessages.returned(title), { tone: "success" });
        onReturned();
      }}
      failureMessage={(error) => serverMessage(error) ?? loanMessages.returnFailed}
      onClose={onClose}
    >
      <p>
        Return “{title}” by {loanAuthor(loan)}? It leaves your current loans and you can no longer
        read it. The fee is not refunded.
      </p>
    </ConfirmDialog>
  );
}
