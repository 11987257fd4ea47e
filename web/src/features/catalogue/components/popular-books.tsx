import type { PopularListing } from "../api/catalogue-api";
import { usePopularBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { PagedBookGrid } from "./paged-book-grid";

interface PopularBooksProps {
  headingLevel?: 2 | 3;
  eagerFirstRow?: boolean;
  /** The library grid's sort and filters; without them, most borrowed first. */
  listing?: PopularListing;
}

/** The whole catalogue ten at a time, most borrowed first unless a listing says otherwise. */
export function PopularBooks({
  headingLevel = 3,
  eagerFirstRow = true,
  listing,
}: PopularBooksProps) {
  const query = usePopularBooks(listing);
  return (
    <PagedBookGrid
      query={query}
      label="Popular books"
      headingLevel={headingLevel}
      eagerFirstRow={eagerFirstRow}
      texts={{ failed: catalogueMessages.bookListFailed, empty: catalogueMessages.noData }}
    />
  );
}
