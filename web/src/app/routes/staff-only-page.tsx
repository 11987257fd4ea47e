import { useDocumentTitle } from "../../lib/document-title";
import { ButtonLink } from "../../ui/button";

/** What a reader sees at /admin: the console is for library staff (design.md §7.1). */
export function StaffOnlyPage() {
  useDocumentTitle("For library staff");
  return (
    <div className="page">
      <h1>This page is for library staff.</h1>
      <p className="page__lead">
        Your account is a reader’s account. If you work for the library and need the staff console,
        ask an administrator to give your account a staff role.
      </p>
      <p>
        <ButtonLink to="/">Go to the home page</ButtonLink>
      </p>
    </div>
  );
}
