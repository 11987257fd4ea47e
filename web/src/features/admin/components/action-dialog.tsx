import { useRef, useState, type ReactNode } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import type { ButtonVariant } from "../../../ui/button";
import { TextField } from "../../../ui/text-field";
import { parsePounds } from "../amount-text";
import { problemField, problemText } from "../messages";
import { TextAreaField } from "./fields";
import { FormDialog } from "./form-dialog";

export interface ActionValues {
  /** Pounds, when the dialog asks for an amount and one was given. */
  amount: number | undefined;
  reason: string;
}

interface ActionDialogProps<R> {
  title: string;
  /** What the action does, above the fields. */
  children?: ReactNode;
  submitLabel: string;
  /** The submit button's text while the request runs ("Refunding…"). */
  pendingLabel: string;
  submitVariant?: ButtonVariant;
  /** An amount in pounds; left blank it is sent as undefined when `optional`. */
  amount?: { label: string; hint?: string; initial?: string; optional?: boolean };
  /** A reason for the audit log; without it the dialog has no reason field. */
  reason?: { label?: string; hint?: string; optional?: boolean };
  onSubmit: (values: ActionValues) => Promise<R>;
  /** After the request succeeded: close the dialog and say so. */
  onDone: (result: R) => void;
  onClose: () => void;
}

const FIRST_FIELD = ".modal__body input, .modal__body textarea, .modal__body select";
const AMOUNT_INVALID = "Enter an amount in pounds, such as 4.99.";
const REASON_MISSING = "Say why: it is kept in the audit log.";

/**
 * A staff action that needs an amount, a reason or both (a credit, a refund, a block): checks
 * them, sends them, and shows the server's refusal next to the field it names or above the
 * buttons. It stays open for another try.
 */
export function ActionDialog<R>({
  title,
  children,
  submitLabel,
  pendingLabel,
  submitVariant = "primary",
  amount,
  reason,
  onSubmit,
  onDone,
  onClose,
}: ActionDialogProps<R>) {
  const [amountText, setAmountText] = useState(amount?.initial ?? "");
  const [reasonText, setReasonText] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  function check(): { values: ActionValues } | { errors: typeof errors } {
    const found: typeof errors = {};
    let value: number | undefined;
    if (amount) {
      const blank = amountText.trim() === "";
      const parsed = parsePounds(amountText);
      if (blank && amount.optional) value = undefined;
      else if (parsed === null) found.amount = AMOUNT_INVALID;
      else value = parsed;
    }
    if (reason && !reason.optional && reasonText.trim() === "") found.reason = REASON_MISSING;
    if (found.amount || found.reason) return { errors: found };
    return { values: { amount: value, reason: reasonText.trim() } };
  }

  async function submit() {
    const checked = check();
    if ("errors" in checked) {
      setErrors(checked.errors);
      (checked.errors.amount ? amountRef.current : reasonRef.current)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    let result: R;
    try {
      result = await onSubmit(checked.values);
    } catch (error) {
      setPending(false);
      if (isSessionEnd(error)) return;
      const field = problemField(error);
      if (field === "amount" && amount) {
        setErrors({ amount: problemText(error) });
        amountRef.current?.focus();
      } else if (field === "reason" && reason) {
        setErrors({ reason: problemText(error) });
        reasonRef.current?.focus();
      } else {
        setErrors({ form: problemText(error) });
      }
      return;
    }
    setPending(false);
    onDone(result);
  }

  return (
    <FormDialog
      title={title}
      initialFocus={FIRST_FIELD}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      submitVariant={submitVariant}
      pending={pending}
      problem={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      {children}
      {amount && (
        <TextField
          ref={amountRef}
          label={amount.label}
          hint={amount.hint}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={errors.amount}
          onChange={(event) => setAmountText(event.target.value)}
        />
      )}
      {reason && (
        <TextAreaField
          ref={reasonRef}
          label={reason.label ?? (reason.optional ? "Reason (optional)" : "Reason")}
          hint={reason.hint ?? "Kept in the audit log."}
          maxLength={500}
          rows={3}
          value={reasonText}
          error={errors.reason}
          onChange={(event) => setReasonText(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
