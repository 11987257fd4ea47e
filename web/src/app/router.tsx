import { lazy, useEffect, useState, type ComponentType } from "react";
import { preload } from "react-dom";
import { usePrefetchInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, useParams, useRoutes, type RouteObject } from "react-router";
import { bookQuery, popularBooksQuery } from "../features/catalogue/route-queries";
import { PROFILE_VIEW_BY_PATH } from "../lib/profile-views";
import { parseRouteId } from "../lib/route-id";
import { reloadingOnChunkFailure } from "./chunk-reload";
import { PageFallback } from "./layout/page-fallback";
import { RootLayout } from "./layout/root-layout";
import { MailLink, RequireLogin, RequireStaff, VisitorsOnly } from "./route-guards";

/**
 * Each page is its own chunk, so the first load carries only the shell and the page shown. A
 * chunk gone after a deploy reloads the page once (chunk-reload.ts).
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const loadPage = reloadingOnChunkFailure(load);
  const Page = lazy(() => loadPage().then((module) => ({ default: pick(module) })));
  return <Page />;
}

const notFoundPage = lazyPage(
  () => import("./routes/not-found-page"),
  (m) => m.NotFoundPage,
);

/** One element for every profile path, which picks its view from the URL (spec §2). */
const profilePage = lazyPage(
  () => import("./routes/profile-page"),
  (m) => m.ProfilePage,
);

const bookDetailPage = lazyPage(
  () => import("./routes/book-detail-page"),
  (m) => m.BookDetailPage,
);

const homePage = lazyPage(
  () => import("./routes/home-page"),
  (m) => m.HomePage,
);

/** Home's popular books are asked for here, while the page's code is still on its way. */
function HomeRoute() {
  usePrefetchInfiniteQuery(popularBooksQuery());
  return homePage;
}

/**
 * The cover is the largest thing on a book's page, drawn once the book's data is in: both
 * downloads start here, while the page's code is still on its way (the server draws every cover
 * at this address, spec.md's coverUrl).
 */
function BookDetailRoute() {
  const bookId = parseRouteId(useParams().id);
  const client = useQueryClient();
  if (bookId !== null) {
    preload(`/api/books/${bookId}/cover`, { as: "image", fetchPriority: "high" });
    // As usePrefetchQuery does, which cannot be told to wait for a valid id.
    const query = bookQuery(bookId);
    if (!client.getQueryState(query.queryKey)) void client.prefetchQuery(query);
  }
  return bookDetailPage;
}

const loadReaderPage = reloadingOnChunkFailure(() => import("./routes/offline-reader-page"));
let readerPage: ComponentType | null = null;

/**
 * The reader shows its page the moment its code is in. Through React.lazy, a page that replaces
 * a Suspense fallback is held back for up to 300 ms (React's fallback throttle), which the
 * reader's first page (under a second in all) cannot spare.
 */
function ReaderRoute() {
  const [Page, setPage] = useState<ComponentType | null>(() => readerPage);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (Page) return;
    let current = true;
    loadReaderPage().then(
      (module) => {
        readerPage = module.OfflineReaderPage;
        if (current) setPage(() => module.OfflineReaderPage);
      },
      (error: unknown) => {
        if (current)
          setFailure(error instanceof Error ? error : new Error("The reader could not load"));
      },
    );
    return () => {
      current = false;
    };
  }, [Page]);
  // The route's error boundary shows a chunk that cannot load.
  if (failure) throw failure;
  return Page ? <Page /> : <PageFallback />;
}

/** A reader who opens /admin learns it is for staff; the console's code never loads for them. */
const staffOnlyPage = lazyPage(
  () => import("./routes/staff-only-page"),
  (m) => m.StaffOnlyPage,
);

/**
 * The staff console (design.md §7.1, issue 20): its layout and each screen are chunks of their
 * own, so neither a reader's first load nor the other screens carry its code or the charts.
 */
const staffConsole: RouteObject = {
  element: <RequireStaff forReaders={staffOnlyPage} />,
  children: [
    {
      path: "admin",
      element: lazyPage(
        () => import("../features/admin/pages/console-layout"),
        (m) => m.ConsoleLayout,
      ),
      children: [
        {
          index: true,
          element: lazyPage(
            () => import("../features/admin/pages/overview-page"),
            (m) => m.OverviewPage,
          ),
        },
        {
          path: "books",
          element: lazyPage(
            () => import("../features/admin/pages/catalogue-page"),
            (m) => m.CataloguePage,
          ),
        },
        {
          path: "categories",
          element: lazyPage(
            () => import("../features/admin/pages/categories-page"),
            (m) => m.CategoriesPage,
          ),
        },
        {
          path: "readers",
          element: lazyPage(
            () => import("../features/admin/pages/readers-page"),
            (m) => m.ReadersPage,
          ),
        },
        {
          path: "readers/:userId",
          element: lazyPage(
            () => import("../features/admin/pages/reader-page"),
            (m) => m.ReaderPage,
          ),
        },
        {
          path: "loans",
          element: lazyPage(
            () => import("../features/admin/pages/loans-page"),
            (m) => m.LoansPage,
          ),
        },
        {
          path: "holds",
          element: lazyPage(
            () => import("../features/admin/pages/holds-page"),
            (m) => m.HoldsPage,
          ),
        },
        {
          path: "mail",
          element: lazyPage(
            () => import("../features/admin/pages/mail-page"),
            (m) => m.MailPage,
          ),
        },
        {
          path: "reviews",
          element: lazyPage(
            () => import("../features/admin/pages/reviews-page"),
            (m) => m.ReviewsPage,
          ),
        },
        {
          path: "audit",
          element: lazyPage(
            () => import("../features/admin/pages/audit-page"),
            (m) => m.AuditPage,
          ),
        },
        { path: "*", element: notFoundPage },
      ],
    },
  ],
};

/** Profile sub-paths open the profile page on their view (spec §2). */
const PROFILE_VIEW_PATHS = Object.keys(PROFILE_VIEW_BY_PATH).map((path) => path.slice(1));

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: <HomeRoute />,
      },
      {
        path: "books",
        element: lazyPage(
          () => import("../features/catalogue/pages/books-page"),
          (m) => m.BooksPage,
        ),
      },
      {
        path: "categories",
        element: lazyPage(
          () => import("../features/catalogue/pages/categories-page"),
          (m) => m.CategoriesPage,
        ),
      },
      {
        path: "category/:id",
        element: lazyPage(
          () => import("../features/catalogue/pages/category-page"),
          (m) => m.CategoryPage,
        ),
      },
      {
        path: "search",
        element: lazyPage(
          () => import("../features/catalogue/pages/search-page"),
          (m) => m.SearchPage,
        ),
      },
      {
        path: "book/:id",
        element: <BookDetailRoute />,
      },
      {
        element: <VisitorsOnly />,
        children: [
          {
            path: "login",
            element: lazyPage(
              () => import("../features/accounts/pages/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "register",
            element: lazyPage(
              () => import("../features/accounts/pages/register-page"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: "forgot-password",
            element: lazyPage(
              () => import("../features/accounts/pages/forgot-password-page"),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            // The password_reset mail links here.
            path: "reset-password",
            element: lazyPage(
              () => import("../features/accounts/pages/reset-password-page"),
              (m) => m.ResetPasswordPage,
            ),
          },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            path: "cart",
            element: lazyPage(
              () => import("./routes/my-cart-page"),
              (m) => m.MyCartPage,
            ),
          },
          { path: "user/dashboard", element: <Navigate to="/user/profile" replace /> },
          { path: "user/profile", element: profilePage },
          ...PROFILE_VIEW_PATHS.map((path) => ({ path, element: profilePage })),
          {
            path: "user/books",
            element: lazyPage(
              () => import("./routes/my-books-page"),
              (m) => m.MyBooksPage,
            ),
          },
          { path: "reader", element: <ReaderRoute /> },
          { path: "user/*", element: notFoundPage },
        ],
      },
      // The email-change mails link here (design.md §7.4); signed in or not, the link works.
      {
        path: "confirm-email",
        element: lazyPage(
          () => import("../features/accounts/pages/email-link-pages"),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: "undo-email",
        element: lazyPage(
          () => import("../features/accounts/pages/email-link-pages"),
          (m) => m.UndoEmailPage,
        ),
      },
      staffConsole,
      // Reminder e-mails link here; a visitor logs in first and then lands on My Books.
      { path: "mybooks", element: <MailLink to="/user/books" /> },
      // Top-up receipts link here, to Payment Records.
      { path: "mypayments", element: <MailLink to="/user/payment-orders" /> },
      { path: "*", element: notFoundPage },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
