import { Suspense, useEffect, useRef } from "react";
import { NavigationType, Outlet, useLocation, useNavigationType } from "react-router";
import { DialogsProvider } from "../../ui/dialogs";
import { SessionProvider } from "../session-provider";
import { Footer } from "./footer";
import { Header } from "./header";
import { PageFallback } from "./page-fallback";
import { RouteErrorBoundary } from "./route-error-boundary";

/**
 * On a new page: scroll to the top (back and forward keep the browser's own restoration) and
 * move focus to the main region so screen readers start reading the new page.
 */
function useNewPageFocus() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const mainRef = useRef<HTMLElement>(null);
  // Only a new path is a new page: the first change of the address's query after the page
  // loads (a sort, a category chosen) also changes the navigation type, and must not take focus
  // from where the page put it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
  return mainRef;
}

/** Pages drawn without the site's header, footer and page width: the reader is full screen. */
const BARE_PATHS = new Set(["/reader"]);

export function RootLayout() {
  const mainRef = useNewPageFocus();
  const { pathname } = useLocation();
  if (BARE_PATHS.has(pathname)) {
    return (
      <SessionProvider>
        <DialogsProvider>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </DialogsProvider>
      </SessionProvider>
    );
  }
  return (
    <SessionProvider>
      <DialogsProvider>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
          <div className="container">
            <RouteErrorBoundary key={pathname}>
              <Suspense fallback={<PageFallback />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </main>
        <Footer />
      </DialogsProvider>
    </SessionProvider>
  );
}
