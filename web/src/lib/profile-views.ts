/**
 * The profile page's views (spec §2) and how a URL selects one. In lib because other features
 * link to a view (the cart sends a short balance to Top Up) without importing the app.
 */
export const PROFILE_VIEWS = [
  "UserDetails",
  "CurrentBorrowings",
  "LoanHistory",
  "Wishlist",
  "Reviews",
  "TopUp",
  "PaymentRecords",
  "Settings",
  // Not in spec §2: the catalogue for e-reader apps (issue 26).
  "ReadInApps",
] as const;

export type ProfileView = (typeof PROFILE_VIEWS)[number];

export const DEFAULT_PROFILE_VIEW: ProfileView = "UserDetails";

export const PROFILE_PATH = "/user/profile";

/** Spec §2: each of these paths opens the profile page on its view. */
export const PROFILE_VIEW_BY_PATH: Readonly<Record<string, ProfileView>> = {
  "/user/recent-borrows": "CurrentBorrowings",
  "/user/loan-history": "LoanHistory",
  "/user/wishlist": "Wishlist",
  "/user/reviews": "Reviews",
  "/user/payment-orders": "PaymentRecords",
  "/user/settings": "Settings",
  "/user/read-in-apps": "ReadInApps",
};

/** Case-insensitive so a hand-typed `?view=topup` still works. */
function viewNamed(name: string | null): ProfileView | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  return PROFILE_VIEWS.find((view) => view.toLowerCase() === wanted) ?? null;
}

/** The query `view` wins; else the path names the view; else User Details. */
export function profileViewFromLocation(pathname: string, search: string): ProfileView {
  const fromQuery = viewNamed(new URLSearchParams(search).get("view"));
  if (fromQuery) return fromQuery;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PROFILE_VIEW_BY_PATH[path] ?? DEFAULT_PROFILE_VIEW;
}

export function profileViewPath(view: ProfileView): string {
  return `${PROFILE_PATH}?view=${view}`;
}
