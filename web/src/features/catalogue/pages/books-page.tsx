import { useDocumentTitle } from "../../../lib/document-title";
import { PopularBooks } from "../components/popular-books";

export function BooksPage() {
  useDocumentTitle("Library Collection");
  return (
    <div className="page">
      <header className="page__header">
        <h1>Library Collection</h1>
        <p className="page__lead">Every book on our shelves, most borrowed first.</p>
      </header>
      <PopularBooks headingLevel={2} />
    </div>
  );
}
