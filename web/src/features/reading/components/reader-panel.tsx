import type { ReactNode } from "react";
import { Drawer } from "../../../ui/drawer";
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
 * A panel over the book (contents, search, notes, settings): the site's drawer, dressed in the
 * reader's theme rather than the page's own colours. It is a modal dialog labelled by its
 * title; focus moves in and stays in, Escape or a tap beside it closes it, and focus goes back
 * to the button that opened it.
 */
export function ReaderPanel({
  title,
  theme,
  onClose,
  children,
  initialFocus,
  className,
}: ReaderPanelProps) {
  return (
    <Drawer
      title={title}
      onClose={onClose}
      initialFocus={initialFocus}
      classes={{
        backdrop: `reader-panel__backdrop reader-theme--${theme}`,
        panel: `reader-panel${className ? ` ${className}` : ""}`,
        header: "reader-panel__header",
        title: "reader-panel__title",
        close: "reader-icon-button",
      }}
      closeIcon={<CloseReaderIcon size={20} />}
    >
      <div className="reader-panel__body">{children}</div>
    </Drawer>
  );
}
