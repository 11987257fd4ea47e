import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { ToastProvider } from "../ui/toast";
import { createQueryClient } from "./query-client";
import { AppRoutes } from "./router";

/**
 * Declarative router mode: the pages load their own data with TanStack Query, so the data
 * router's loaders are not needed, and leaving it out keeps about 18 KB (gzipped) off first load.
 * Navigations are plain (not transition) updates so a logout or a 401 changes the session and
 * the location in one render; otherwise the route guard would see the old page logged out
 * and send the person to / instead of /login.
 */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
