import type { Hold } from "@folio/contract/holds";
import { serverMessage } from "../../../lib/api-client";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useCancelHold } from "../hooks/hold-mutations";
import { holdMessages } from "../messages";

interface CancelHoldDialogProps {
  hold: Pick<Hold, "holdId" | "bookId" | "status">;
  title: string;
  onClose: () => void;
  /** The hold is cancelled; runs even if the dialog has gone meanwhile. */
  onCancelled: () => void;
}

/** Asks before leaving the queue, which cannot be undone: a new hold joins at its end. */
export function CancelHoldDialog({ hold, title, onClose, onCancelled }: CancelHoldDialogProps) {
  const cancel = useCancelHold();
  return (
    <ConfirmDialog
      title={holdMessages.cancelTitle}
      confirmLabel={holdMessages.cancelHold}
      pendingLabel={holdMessages.cancelling}
      confirmVariant="danger"
      dismissLabel={holdMessages.keepHold}
      onConfirm={() => cancel.mutateAsync(hold)}
      onConfirmed={onCancelled}
      failureMessage={(error) => serverMessage(error) ?? holdMessages.cancelFailed}
      onClose={onClose}
    >
      <p>
        {hold.status === "ready"
          ? holdMessages.cancelReadyQuestion(title)
          : holdMessages.cancelQuestion(title)}
      </p>
    </ConfirmDialog>
  );
}
