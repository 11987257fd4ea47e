import { useDocumentTitle } from "../../lib/document-title";
import { ButtonLink } from "../../ui/button";

/**
 * Holds the logged-in routes (cart, profile, My Books, reader) so the route table and its guard
 * are complete; each page is replaced by its feature (cart, accounts, loans, reading).
 */
export function MemberPlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      <p>
        <ButtonLink to="/books" variant="secondary">
          Browse books
        </ButtonLink>
      </p>
    </div>
  );
}
