import { usePopularBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { PagedBookGrid } from "./paged-book-grid";

interface PopularBooksProps {
  headingLevel?: 2 | 3;
  eagerFirstRow?: boolean;
}

/** The whole catalogue in popularity order, ten at a time. */
export function PopularBooks({ headingLevel = 3, eagerFirstRow = true }: PopularBooksProps) {
  const query = usePopularBooks();
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
