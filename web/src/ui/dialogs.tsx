import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useNavigate } from "react-router";
import { Button, type ButtonVariant } from "./button";
import { Modal } from "./modal";

export interface DialogAction {
  label: string;
  variant?: ButtonVariant;
  /** Runs after the dialog closes. */
  onSelect?: () => void;
}

export interface DialogOptions {
  title: string;
  message: string;
  /** A second line under the message, set apart (what a borrow cost). */
  note?: string;
  actions: DialogAction[];
  /** On a phone the actions stand one under another, full width, rather than wrap one by one. */
  stackActions?: boolean;
  tone?: "default" | "error";
  /** Closes by itself after this many milliseconds (spec §9: error modal 5 s). */
  autoCloseMs?: number;
}

interface DialogsApi {
  openDialog: (options: DialogOptions) => void;
  closeDialog: () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

export const ERROR_DIALOG_MS = 5000;

/** Hosts the one dialog shown at a time; features open them through the hooks below. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<(DialogOptions & { key: number }) | null>(null);

  const closeDialog = useCallback(() => setDialog(null), []);
  const openDialog = useCallback((options: DialogOptions) => {
    setDialog({ ...options, key: Date.now() });
  }, []);

  useEffect(() => {
    if (!dialog?.autoCloseMs) return;
    const timer = window.setTimeout(() => setDialog(null), dialog.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [dialog]);

  const api = useMemo(() => ({ openDialog, closeDialog }), [openDialog, closeDialog]);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {dialog && (
        <Modal
          key={dialog.key}
          title={dialog.title}
          onClose={closeDialog}
          tone={dialog.tone}
          stackActions={dialog.stackActions}
          actions={dialog.actions.map((action) => (
            <Button
              key={action.label}
              variant={action.variant ?? "primary"}
              onClick={() => {
                setDialog(null);
                action.onSelect?.();
              }}
            >
              {action.label}
            </Button>
          ))}
        >
          <p>{dialog.message}</p>
          {dialog.note && <p className="modal__note">{dialog.note}</p>}
        </Modal>
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error("useDialogs must be used inside DialogsProvider");
  return api;
}

/** Opens the login-required dialog of spec §2 (Cancel or Login) with the given message. */
export function useLoginRequired(): (message: string) => void {
  const { openDialog } = useDialogs();
  const navigate = useNavigate();
  return useCallback(
    (message: string) =>
      openDialog({
        title: "Login required",
        message,
        actions: [
          { label: "Cancel", variant: "secondary" },
          { label: "Login", onSelect: () => void navigate("/login") },
        ],
      }),
    [openDialog, navigate],
  );
}

/** Opens the generic error dialog, which closes itself after 5 s (spec §9). */
export function useErrorDialog(): (message: string) => void {
  const { openDialog } = useDialogs();
  return useCallback(
    (message: string) =>
      openDialog({
        title: "Something went wrong",
        message,
        tone: "error",
        autoCloseMs: ERROR_DIALOG_MS,
        actions: [{ label: "Close" }],
      }),
    [openDialog],
  );
}
