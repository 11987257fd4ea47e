import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import "./account-pages.css";

/** The login screen; the sign-in form itself arrives with the accounts feature. */
export function LoginPage() {
  useDocumentTitle("Log in");
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <h1>Log in</h1>
        <p className="account-page__note">
          Welcome back. Log in to borrow e-books, keep a wishlist and read in your browser.
        </p>
        <p className="account-page__switch">
          New to Folio? <Link to="/register">Create an account</Link>
        </p>
      </div>
    </div>
  );
}
