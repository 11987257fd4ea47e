import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { CloseIcon } from "./icons";
import "./toast.css";

export type ToastTone = "info" | "success" | "warning" | "error";

interface ToastOptions {
  tone?: ToastTone;
  /** Spec §9: toasts stay 3 s by default. */
  durationMs?: number;
}

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  leaving: boolean;
}

interface ToastApi {
  showToast: (message: string, options?: ToastOptions) => void;
}

export const TOAST_DEFAULT_MS = 3000;
/** Matches the CSS fade so a toast is removed only once it has faded (spec §9: 0.3 s). */
const TOAST_FADE_MS = 300;

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<number>());

  const later = useCallback((callback: () => void, ms: number) => {
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((current) =>
        current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)),
      );
      later(
        () => setToasts((current) => current.filter((toast) => toast.id !== id)),
        TOAST_FADE_MS,
      );
    },
    [later],
  );

  const showToast = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((current) => [
        ...current,
        { id, message, tone: options.tone ?? "info", leaving: false },
      ]);
      later(() => dismiss(id), options.durationMs ?? TOAST_DEFAULT_MS);
    },
    [dismiss, later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.tone}${toast.leaving ? " toast--leaving" : ""}`}
          >
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              <CloseIcon size={14} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
