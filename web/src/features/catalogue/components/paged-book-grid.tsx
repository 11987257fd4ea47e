import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { BookList } from "@folio/contract/catalogue";
import { Button } from "../../../ui/button";
import { LoadMoreTrigger } from "../../../ui/load-more-trigger";
import { QueryState } from "../../../ui/query-state";
import { catalogueMessages } from "../messages";
import { BookGrid, BookGridSkeleton } from "./book-grid";
import "./paged-book-grid.css";

export interface PagedListTexts {
  /** The first page failed. */
  failed: string;
  /** The list is empty. */
  empty: string;
}

interface PagedBookGridProps {
  query: UseInfiniteQueryResult<InfiniteData<BookList>>;
  texts: PagedListTexts;
  /** What the list is, for screen readers ("Popular books"). */
  label: string;
  headingLevel?: 2 | 3;
  eagerFirstRow?: boolean;
}

/** Flattens the pages, dropping repeats in case the ranking moved between two page loads. */
function uniqueBooks(data: InfiniteData<BookList>) {
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.books.filter((book) => {
      if (seen.has(book.bookId)) return false;
      seen.add(book.bookId);
      return true;
    }),
  );
}

/** A book grid that loads page after page: skeletons, error, empty, more and end states. */
export function PagedBookGrid({
  query,
  texts,
  label,
  headingLevel,
  eagerFirstRow,
}: PagedBookGridProps) {
  const { isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return (
    <QueryState
      query={query}
      loadingLabel="Loading books"
      loadingClassName="paged-list"
      skeleton={<BookGridSkeleton />}
      failedMessage={texts.failed}
      failedAlert
      failedClassName="paged-list__notice paged-list__notice--error"
      isEmpty={(data) => uniqueBooks(data).length === 0}
      empty={<p className="paged-list__notice">{texts.empty}</p>}
    >
      {(data) => (
        <section className="paged-list" aria-label={label}>
          <BookGrid
            books={uniqueBooks(data)}
            headingLevel={headingLevel}
            eagerFirstRow={eagerFirstRow}
          />
          {isFetchNextPageError ? (
            <div className="paged-list__notice paged-list__notice--error" role="alert">
              <p>{catalogueMessages.loadMoreFailed}</p>
              <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
                Try again
              </Button>
            </div>
          ) : hasNextPage ? (
            <LoadMoreTrigger
              isLoading={isFetchingNextPage}
              onLoadMore={() => void fetchNextPage()}
            />
          ) : (
            <p className="paged-list__end">{catalogueMessages.noMoreBooks}</p>
          )}
        </section>
      )}
    </QueryState>
  );
}
