import { BOOK_SORTS, type SearchFallback, type SearchResult } from "@folio/contract/catalogue";
import { Navigate, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import type { SearchTerms } from "../api/catalogue-api";
import { DidYouMean } from "../components/did-you-mean";
import { useListOptions } from "../components/list-options";
import { PagedBookGrid } from "../components/paged-book-grid";
import { SearchForm } from "../components/search-form";
import { SortFilterBar } from "../components/sort-filter-bar";
import { useSearchBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { hasSearchTerms, readSearchTerms, SEARCH_FIELDS, searchPath } from "../search-terms";
import "./search-page.css";

function describe(terms: SearchTerms): string {
  return SEARCH_FIELDS.filter((field) => terms[field])
    .map((field) => `${field} “${terms[field]}”`)
    .join(", ");
}

/**
 * The server's guess, and the same search, sort and filters with the misspelt field put right.
 * When the title found nothing and its words were an author's, the guess is the author's: the
 * title gives way to it.
 */
function didYouMeanOf(params: URLSearchParams, answer: SearchResult | undefined) {
  if (!answer?.didYouMean || !answer.didYouMeanField) return null;
  const corrected = new URLSearchParams(params);
  if (answer.fallback) corrected.delete("title");
  corrected.set(answer.didYouMeanField, answer.didYouMean);
  return { suggestion: answer.didYouMean, to: `/search?${corrected.toString()}` };
}

/**
 * `/search?q=…`, as other sites and apps link a search, is the header's title search: the same
 * address with `title`, or null when the address names its fields already.
 */
function asTitleSearch(params: URLSearchParams): string | null {
  const q = params.get("q")?.trim();
  if (!q || hasSearchTerms(readSearchTerms(params))) return null;
  const search = new URLSearchParams(params);
  search.delete("q");
  search.delete("title");
  return `/search?${new URLSearchParams([["title", q], ...search]).toString()}`;
}

/** What a title search that found no title shows above the books its words named. */
function FallbackNotice({ title, fallback }: { title: string; fallback: SearchFallback }) {
  const names = fallback.moreNames ? [...fallback.names, catalogueMessages.others] : fallback.names;
  const list = new Intl.ListFormat("en-GB", { type: "conjunction" }).format(names);
  const books =
    fallback.field === "author"
      ? catalogueMessages.booksByAuthors(list)
      : catalogueMessages.booksInCategories(list);
  return (
    <p className="search-page__fallback">
      {catalogueMessages.noTitlesMatch(title)} {books}
    </p>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const titleSearch = asTitleSearch(params);
  if (titleSearch) return <Navigate to={titleSearch} replace />;
  return <SearchResults params={params} />;
}

function SearchResults({ params }: { params: URLSearchParams }) {
  // A fresh object each render is fine: TanStack Query compares keys by value.
  const terms = readSearchTerms(params);
  const searchable = hasSearchTerms(terms);
  // Relevance, the first, is the default.
  const { options, listing, change } = useListOptions(BOOK_SORTS);
  const results = useSearchBooks(terms, listing);
  const didYouMean = didYouMeanOf(params, results.data?.pages[0]);
  const fallback = results.data?.pages[0]?.fallback;
  useDocumentTitle(searchable ? `Search: ${describe(terms)}` : "Search");

  return (
    <div className="page search-page">
      <header className="page__header">
        <h1>Search results</h1>
        {searchable && <p className="page__lead">Books matching {describe(terms)}</p>}
      </header>
      <div className="search-page__form">
        {/* Keyed by the terms so the fields follow a new search from the header box, and keep
            what is typed in them while the sort or a filter changes. */}
        <SearchForm
          key={searchPath(terms)}
          initialTerms={terms}
          label="Refine your search"
          foldOnPhone="Refine your search"
        />
      </div>
      {searchable ? (
        <>
          <SortFilterBar sorts={BOOK_SORTS} options={options} onChange={change} />
          {didYouMean && <DidYouMean {...didYouMean} />}
          {fallback && terms.title && <FallbackNotice title={terms.title} fallback={fallback} />}
          <PagedBookGrid
            query={results}
            label="Search results"
            headingLevel={2}
            texts={{ failed: catalogueMessages.searchFailed, empty: catalogueMessages.noData }}
          />
        </>
      ) : (
        <p className="page__notice">{catalogueMessages.searchParameterRequired}</p>
      )}
    </div>
  );
}
