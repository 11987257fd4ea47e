import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import "./account-pages.css";

/** The registration screen; the form itself arrives with the accounts feature. */
export function RegisterPage() {
  useDocumentTitle("Create an account");
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <h1>Create an account</h1>
        <p className="account-page__note">
          Join Folio to borrow e-books from your prepaid balance, keep a wishlist and read in your
          browser.
        </p>
        <p className="account-page__switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
