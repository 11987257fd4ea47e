import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useModalFocus } from "../../../ui/use-modal-focus";
import type { ShownTheme } from "../reader-theme";
import { CloseReaderIcon } from "./reader-icons";

interface ReaderPanelProps {
  title: string;
  theme: ShownTheme;
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts (a selector inside the panel); its first control unless given. */
  initialFocus?: string;
  /** "side" on wide screens slides in from the end edge; every panel is a sheet on a phone. */
  className?: string;
}

/**
 * A panel over the book (contents, search, notes, settings): a modal dialog labelled by its
 * title; focus moves in and stays in, Escape or a tap beside it closes it, and focus goes back
 * to the button that opened it. It takes the reader's theme, outside the page's own colours.
 */
export function ReaderPanel({
  title,
  theme,
  onClose,
  children,
  initialFocus,
  className,
}: ReaderPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedBackdrop = useRef(false);
  const { close, handleKeyDown } = useModalFocus(panelRef, onClose, initialFocus);

  return createPortal(
    <div
      className={`reader-panel__backdrop reader-theme--${theme}`}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) close();
      }}
    >
      <div
        ref={panelRef}
        className={`reader-panel${className ? ` ${className}` : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="reader-panel__header">
          <h2 id={titleId} className="reader-panel__title">
            {title}
          </h2>
          <button
            type="button"
            className="reader-icon-button"
            aria-label="Close"
            onClick={() => close()}
          >
            <CloseReaderIcon size={20} />
          </button>
        </div>
        <div className="reader-panel__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
