import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { createQueryClient } from "../app/query-client";
import { AppRoutes } from "../app/router";
import { ToastProvider } from "../ui/toast";

/** Where the app is now, for tests that assert where it went. */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{`${pathname}${search}`}</output>;
}

/**
 * The real route table and layout on an in-memory history, starting at `path`. Without a
 * `queryClient`, one that never retries.
 */
export function renderApp(path: string, queryClient?: QueryClient): RenderResult {
  const client = queryClient ?? createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
