import { useDocumentTitle } from "../../lib/document-title";
import { ButtonLink } from "../../ui/button";
import "./not-found-page.css";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="page__lead">
        This page is not on our shelves. It may have moved, or the link may be mistyped.
      </p>
      <div className="not-found__actions">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/books" variant="secondary">
          Browse the library
        </ButtonLink>
      </div>
    </div>
  );
}
