import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import { useModalFocus } from "./use-modal-focus";
import "./drawer.css";

/** The class names of a panel's parts, for a panel that looks other than the drawer. */
export interface PanelClasses {
  backdrop: string;
  panel: string;
  header: string;
  title: string;
  close: string;
}

const drawerClasses: PanelClasses = {
  backdrop: "drawer__backdrop",
  panel: "drawer",
  header: "drawer__header",
  title: "drawer__title",
  close: "drawer__close",
};

interface DrawerProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts (a selector inside the panel); its first control unless given. */
  initialFocus?: string | undefined;
  /** Another look (the reader's panels); the drawer's own when left out. */
  classes?: PanelClasses;
  closeIcon?: ReactNode;
}

/**
 * A modal panel along the screen's end edge (the phone menu): labelled by its title, focus moves
 * in and stays in, Escape or a tap beside it closes it, and focus goes back to its opener.
 */
export function Drawer({
  title,
  onClose,
  children,
  initialFocus,
  classes = drawerClasses,
  closeIcon = <CloseIcon size={20} />,
}: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Only a press that starts on the backdrop closes: a drag out of the panel must not.
  const pressedBackdrop = useRef(false);

  const { close, handleKeyDown } = useModalFocus(panelRef, onClose, initialFocus);

  return createPortal(
    // Closing on click, not on press: a tap's click would otherwise land on the page beneath.
    <div
      className={classes.backdrop}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) close();
      }}
    >
      <div
        ref={panelRef}
        className={classes.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          <button
            type="button"
            className={classes.close}
            aria-label="Close"
            onClick={() => close()}
          >
            {closeIcon}
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
