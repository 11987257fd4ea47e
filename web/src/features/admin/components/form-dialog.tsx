import { useId, type ReactNode, type Ref } from "react";
import { Button, type ButtonVariant } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";

interface FormDialogProps {
  title: string;
  /** The form's fields and notes. */
  children: ReactNode;
  submitLabel: string;
  /** The submit button's text while the request runs ("Saving…"). */
  pendingLabel: string;
  submitVariant?: ButtonVariant;
  /** A request is running: a second submit and closing are both ignored until it ends. */
  pending: boolean;
  /** A submit while nothing is pending; the form never reloads the page. */
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  /** A message about the whole form, under its fields. */
  problem?: string | null;
  size?: "default" | "wide";
  /** Where focus starts (a selector inside the dialog): the first input unless given. */
  initialFocus?: string;
  formRef?: Ref<HTMLFormElement>;
}

/**
 * A staff console form in a modal dialog: its fields, a message about the whole form, and Cancel
 * and submit buttons that stay disabled while the request runs. Escape, the cross and Cancel
 * close it, except while the request runs, as that would hide its outcome.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  pendingLabel,
  submitVariant = "primary",
  pending,
  onSubmit,
  onClose,
  problem = null,
  size = "default",
  initialFocus = ".modal__body input",
  formRef,
}: FormDialogProps) {
  const formId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      title={title}
      size={size}
      describedByBody={false}
      initialFocus={initialFocus}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={submitVariant}
            aria-disabled={pending ? true : undefined}
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void onSubmit();
        }}
      >
        {children}
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
      </form>
    </Modal>
  );
}
