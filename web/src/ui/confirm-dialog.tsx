import { useState, type ReactNode } from "react";
import { isSessionEnd } from "../lib/api-client";
import { Button, type ButtonVariant } from "./button";
import { Modal } from "./modal";
import { FormMessage } from "./text-field";

interface ConfirmDialogProps {
  title: string;
  tone?: "default" | "error";
  /** The question, and what confirming does. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the request runs ("Deleting…"). */
  pendingLabel: string;
  confirmVariant?: ButtonVariant;
  /** The button that closes without doing it, when "Cancel" would be read as the action itself. */
  dismissLabel?: string;
  /** The request confirming makes; the dialog waits for it. */
  onConfirm: () => Promise<unknown>;
  /** After the request succeeded; runs even if the dialog has gone meanwhile. */
  onConfirmed: () => void;
  /**
   * What the dialog says when the request failed; it stays open for another try. Null when
   * the dialog's own content already says it (a field that asks for something more).
   */
  failureMessage: (error: unknown) => string | null;
  onClose: () => void;
}

/**
 * Asks before something that cannot be undone (clear the cart, delete a review, return a book,
 * delete the account): Cancel, or the confirm button, which waits for the request. A failure is
 * said in the dialog, except a 401: the query client is already taking the person to log in.
 */
export function ConfirmDialog({
  title,
  tone = "default",
  children,
  confirmLabel,
  pendingLabel,
  confirmVariant = "primary",
  dismissLabel = "Cancel",
  onConfirm,
  onConfirmed,
  failureMessage,
  onClose,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    // Closing while the request runs would hide its outcome.
    if (!pending) onClose();
  }

  async function confirm() {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setPending(false);
      if (!isSessionEnd(error)) setFailure(failureMessage(error));
      return;
    }
    setPending(false);
    onConfirmed();
  }

  return (
    <Modal
      title={title}
      tone={tone}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            {dismissLabel}
          </Button>
          <Button
            variant={confirmVariant}
            aria-disabled={pending ? true : undefined}
            onClick={() => void confirm()}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
    </Modal>
  );
}
