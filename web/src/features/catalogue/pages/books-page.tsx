import type { BookSort } from "@folio/contract/catalogue";
import { useDocumentTitle } from "../../../lib/document-title";
import { useListOptions, type ListSorts } from "../components/list-options";
import { PopularBooks } from "../components/popular-books";
import { SortFilterBar } from "../components/sort-filter-bar";
import { useCategories } from "../hooks/catalogue-queries";

/** Most borrowed first, as the library has always listed. */
const LIBRARY_SORTS: ListSorts = ["popular", "rating", "newest", "title"];

const ORDER: Record<BookSort, string> = {
  relevance: "best match first",
  popular: "most borrowed first",
  rating: "highest rated first",
  newest: "newest first",
  title: "by title",
};

export function BooksPage() {
  useDocumentTitle("Library Collection");
  const { options, listing, change } = useListOptions(LIBRARY_SORTS);
  // A failed list of categories leaves the select with "All categories" only.
  const categories = useCategories().data?.categoriesList ?? [];
  return (
    <div className="page">
      <header className="page__header">
        <h1>Library Collection</h1>
        <p className="page__lead">Every book on our shelves, {ORDER[options.sort]}.</p>
      </header>
      <SortFilterBar
        sorts={LIBRARY_SORTS}
        options={options}
        onChange={change}
        categories={categories}
      />
      <PopularBooks headingLevel={2} listing={listing} />
    </div>
  );
}
