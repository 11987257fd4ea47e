import type { Hold } from "@folio/contract/holds";
import { useId } from "react";
import { isSessionEnd, serverMessage } from "../../../lib/api-client";
import { ERROR_DIALOG_MS, useDialogs } from "../../../ui/dialogs";
import { useUpdateHold } from "../hooks/hold-mutations";
import { holdMessages } from "../messages";
import "./holds.css";

interface AutoBorrowToggleProps {
  /** A waiting hold: only its choice can change (POST /api/holds/update). */
  hold: Pick<Hold, "holdId" | "bookId" | "autoBorrow">;
  /** In a list of holds the control names its book, for whoever moves from control to control. */
  bookTitle?: string;
  /** Called once the server has taken the new choice. */
  onChanged?: (autoBorrow: boolean) => void;
}

/**
 * "Borrow it for me when it's my turn" on a hold that waits: the box shows the hold's choice and
 * changes it on the server; under it, what happens when the reader's turn comes. A refusal (the
 * hold turned ready meanwhile) is a dialog, and the hold is asked for again.
 */
export function AutoBorrowToggle({ hold, bookTitle, onChanged }: AutoBorrowToggleProps) {
  const update = useUpdateHold();
  const { openDialog } = useDialogs();
  const inputId = useId();
  const hintId = useId();
  // While the change travels the box shows the choice asked for.
  const checked = (update.isPending ? update.variables?.autoBorrow : undefined) ?? hold.autoBorrow;

  async function handleChange(autoBorrow: boolean) {
    if (update.isPending) return;
    try {
      await update.mutateAsync({ hold, autoBorrow });
      onChanged?.(autoBorrow);
    } catch (error) {
      if (isSessionEnd(error)) return;
      openDialog({
        title: holdMessages.updateRefusedTitle,
        message: serverMessage(error) ?? holdMessages.updateFailed,
        tone: "error",
        autoCloseMs: ERROR_DIALOG_MS,
        actions: [{ label: holdMessages.close }],
      });
    }
  }

  return (
    <div className="hold-panel__option">
      <input
        id={inputId}
        type="checkbox"
        className="hold-panel__checkbox"
        checked={checked}
        aria-describedby={hintId}
        aria-busy={update.isPending || undefined}
        onChange={(event) => void handleChange(event.target.checked)}
      />
      <label htmlFor={inputId}>
        {holdMessages.autoBorrowLabel}
        {bookTitle && <span className="visually-hidden">: {bookTitle}</span>}
      </label>
      <p id={hintId} className="hold-panel__hint">
        {checked ? holdMessages.autoBorrowOn : holdMessages.autoBorrowOff}
      </p>
    </div>
  );
}
