import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import { useModalFocus } from "./use-modal-focus";
import "./drawer.css";

interface DrawerProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal panel along the screen's end edge (the phone menu): labelled by its title, focus moves
 * in and stays in, Escape or a tap beside it closes it, and focus goes back to its opener.
 */
export function Drawer({ title, onClose, children }: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Only a press that starts on the backdrop closes: a drag out of the panel must not.
  const pressedBackdrop = useRef(false);

  const { close, handleKeyDown } = useModalFocus(panelRef, onClose);

  return createPortal(
    // Closing on click, not on press: a tap's click would otherwise land on the page beneath.
    <div
      className="drawer__backdrop"
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) close();
      }}
    >
      <div
        ref={panelRef}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <button
            type="button"
            className="drawer__close"
            aria-label="Close"
            onClick={() => close()}
          >
            <CloseIcon size={20} />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
