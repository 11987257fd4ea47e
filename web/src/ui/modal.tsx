import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import { useModalFocus } from "./use-modal-focus";
import "./modal.css";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  actions?: ReactNode;
  tone?: "default" | "error";
  /** Wide for a form or a document (a book's details, a mail as sent). */
  size?: "default" | "wide";
  /** Where focus starts (a selector inside the dialog); the first action button unless given. */
  initialFocus?: string;
  /** Whether the body is read as the dialog's description: not for a long form. */
  describedByBody?: boolean;
  /** On a phone the actions stand one under another, full width. */
  stackActions?: boolean | undefined;
}

/**
 * An accessible modal dialog: labelled by its title, traps Tab inside, closes on Escape or a
 * backdrop click, makes the page behind inert and gives focus back to whatever opened it.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  tone = "default",
  size = "default",
  initialFocus = ".modal__actions button, .modal__actions a",
  describedByBody = true,
  stackActions = false,
}: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Start on the first action button rather than the close cross, so Enter confirms.
  const { close, handleKeyDown } = useModalFocus(dialogRef, onClose, initialFocus);

  return createPortal(
    <div
      className="modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${tone}${size === "wide" ? " modal--wide" : ""}${stackActions ? " modal--stack" : ""}`}
        role={tone === "error" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedByBody ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={() => close()}>
            <CloseIcon />
          </button>
        </div>
        <div id={bodyId} className="modal__body">
          {children}
        </div>
        {actions && (
          <div className={stackActions ? "modal__actions modal__actions--stack" : "modal__actions"}>
            {actions}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
