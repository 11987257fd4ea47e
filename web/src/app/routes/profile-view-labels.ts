import type { ProfileView } from "../../lib/profile-views";

/** Sidebar names, as spec §2 lists them. */
export const PROFILE_VIEW_LABELS: Record<ProfileView, string> = {
  UserDetails: "User Details",
  CurrentBorrowings: "Current Borrowings",
  LoanHistory: "Loan History",
  Wishlist: "Wish List",
  Reviews: "Comment Records",
  TopUp: "Top Up",
  PaymentRecords: "Payment Records",
  Settings: "Settings",
  ReadInApps: "Read in Apps",
};

/** The view's heading where spec §2 names it differently from its sidebar entry. */
export const PROFILE_VIEW_HEADINGS: Record<ProfileView, string> = {
  ...PROFILE_VIEW_LABELS,
  Reviews: "My Reviews",
};

/**
 * The sidebar's views in groups a reader scans by what they came for (issue 45), in spec §2's
 * order; every view is in exactly one (profile-page.test.tsx checks).
 */
export const PROFILE_VIEW_GROUPS: readonly { label: string; views: readonly ProfileView[] }[] = [
  { label: "Account", views: ["UserDetails"] },
  { label: "Reading", views: ["CurrentBorrowings", "LoanHistory", "Wishlist", "Reviews"] },
  { label: "Money", views: ["TopUp", "PaymentRecords"] },
  { label: "Preferences", views: ["Settings", "ReadInApps"] },
];
