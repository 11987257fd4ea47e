import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import type { SearchTerms } from "../api/catalogue-api";
import { PagedBookGrid } from "../components/paged-book-grid";
import { SearchForm } from "../components/search-form";
import { useSearchBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { hasSearchTerms, readSearchTerms, SEARCH_FIELDS } from "../search-terms";
import "./search-page.css";

function describe(terms: SearchTerms): string {
  return SEARCH_FIELDS.filter((field) => terms[field])
    .map((field) => `${field} “${terms[field]}”`)
    .join(", ");
}

export function SearchPage() {
  const [params] = useSearchParams();
  // A fresh object each render is fine: TanStack Query compares keys by value.
  const terms = readSearchTerms(params);
  const searchable = hasSearchTerms(terms);
  const results = useSearchBooks(terms);
  useDocumentTitle(searchable ? `Search: ${describe(terms)}` : "Search");

  return (
    <div className="page">
      <header className="page__header">
        <h1>Search results</h1>
        {searchable && <p className="page__lead">Books matching {describe(terms)}</p>}
      </header>
      <div className="search-page__form">
        {/* Keyed by the URL so the fields follow a new search from the header box. */}
        <SearchForm key={params.toString()} initialTerms={terms} label="Refine your search" />
      </div>
      {searchable ? (
        <PagedBookGrid
          query={results}
          label="Search results"
          headingLevel={2}
          texts={{ failed: catalogueMessages.searchFailed, empty: catalogueMessages.noData }}
        />
      ) : (
        <p className="page__notice">{catalogueMessages.searchParameterRequired}</p>
      )}
    </div>
  );
}
