import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { AccountSettings } from "../../features/accounts/components/account-settings";
import { DeleteAccountDialog } from "../../features/accounts/components/delete-account-dialog";
import { ReadInApps } from "../../features/accounts/components/read-in-apps";
import { AccountSecurity } from "../../features/accounts/components/security/account-security";
import { UserDetails } from "../../features/accounts/components/user-details";
import { CurrentBorrowings } from "../../features/loans/components/current-borrowings";
import { LoanHistory } from "../../features/loans/components/loan-history";
import { PaymentRecords } from "../../features/payments/components/payment-records";
import { MyReviews } from "../../features/reviews/components/my-reviews";
import { WishlistView } from "../../features/wishlist/components/wishlist-view";
import { useDocumentTitle } from "../../lib/document-title";
import { profileViewFromLocation, type ProfileView } from "../../lib/profile-views";
import { ProfileSidebar } from "./profile-sidebar";
import { PROFILE_VIEW_HEADINGS } from "./profile-view-labels";
import { TopUpView } from "./top-up-view";
import "./profile-page.css";

/** Each view belongs to its feature; this page only chooses and frames it. */
function ProfileViewContent({ view }: { view: ProfileView }) {
  switch (view) {
    case "UserDetails":
      return <UserDetails />;
    case "Settings":
      return (
        <>
          <AccountSettings />
          <AccountSecurity />
        </>
      );
    case "CurrentBorrowings":
      return <CurrentBorrowings />;
    case "LoanHistory":
      return <LoanHistory />;
    case "Wishlist":
      return <WishlistView />;
    case "Reviews":
      return <MyReviews />;
    case "TopUp":
      return <TopUpView />;
    case "PaymentRecords":
      return <PaymentRecords />;
    case "ReadInApps":
      return <ReadInApps />;
  }
}

/** /user/profile and the view paths of spec §2: the view comes from ?view= or the path. */
export function ProfilePage() {
  const { pathname, search, hash } = useLocation();
  const view = profileViewFromLocation(pathname, search);
  const heading = PROFILE_VIEW_HEADINGS[view];
  const [deleting, setDeleting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  useDocumentTitle(`${heading} | My Profile`);

  useEffect(() => {
    // Choosing another view keeps the page; move focus to the new view so it is read out. A
    // link to a part of a view (Settings#app-passwords) lands on that part, also on a first load,
    // where the browser looked for it before the view was drawn.
    const changed = shownView.current !== view;
    shownView.current = view;
    const part = hash.length > 1 ? document.getElementById(hash.slice(1)) : null;
    if (part) part.focus();
    else if (changed) headingRef.current?.focus();
  }, [view, hash]);

  return (
    <div className="page profile">
      <header className="page__header">
        <h1>My Profile</h1>
      </header>
      <div className="profile__layout">
        <ProfileSidebar current={view} onDeleteAccount={() => setDeleting(true)} />
        <section className="profile__view" aria-labelledby="profile-view-heading">
          <h2 id="profile-view-heading" ref={headingRef} tabIndex={-1}>
            {heading}
          </h2>
          <ProfileViewContent view={view} />
        </section>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </div>
  );
}
