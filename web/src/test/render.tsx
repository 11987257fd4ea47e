import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { useMemo, type ReactElement, type ReactNode } from "react";
import { MemoryRouter, parsePath, Route, Routes, useLocation } from "react-router";
import { createQueryClient, useFailureHandlers } from "../app/query-client";
import { SessionContext, type Session } from "../lib/session";
import { DialogsProvider } from "../ui/dialogs";
import { ToastProvider, useToast } from "../ui/toast";

/** Renders the current URL so tests can assert where a component navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The app's failure handling, as the session provider wires it: toasts, and a 401 signs out. */
function FailureHandling({ session }: { session: Session }) {
  const { showToast } = useToast();
  const { signOut } = session;
  const handlers = useMemo(
    () => ({
      sessionEnded: signOut,
      failed: (message: string) => showToast(message, { tone: "error" }),
    }),
    [signOut, showToast],
  );
  useFailureHandlers(handlers);
  return null;
}

interface RenderOptions {
  /** The URL the app starts on. */
  route?: string;
  /** A route pattern when the component reads params (e.g. "/category/:id"). */
  path?: string;
  session?: Partial<Session>;
  /** Navigation state of the first entry (what a page handed over with navigate). */
  state?: unknown;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  const queryClient = createQueryClient({ queries: { retry: false, gcTime: Infinity } });
  const route = options.route ?? "/";
  const entry = options.state === undefined ? route : { ...parsePath(route), state: options.state };
  const session: Session = { isLoggedIn: false, signOut: () => undefined, ...options.session };
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[entry]}>
          <SessionContext.Provider value={session}>
            <FailureHandling session={session} />
            <DialogsProvider>
              <Routes>
                <Route path={options.path ?? "*"} element={children} />
                {options.path && <Route path="*" element={null} />}
              </Routes>
              <LocationProbe />
            </DialogsProvider>
          </SessionContext.Provider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return render(wrap(ui));
}
