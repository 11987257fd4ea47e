import type { WireId } from "@folio/contract/common";
import type { BookListing } from "../api/catalogue-api";
import { useCategoryBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { PagedBookGrid } from "./paged-book-grid";

interface CategoryBooksProps {
  categoryId: WireId;
  categoryName: string;
  headingLevel?: 2 | 3;
  /** The category page's sort and filters; without them, by title. */
  listing?: BookListing;
}

/** A category's books with the 'Currently N books in total.' line above them. */
export function CategoryBooks({
  categoryId,
  categoryName,
  headingLevel,
  listing,
}: CategoryBooksProps) {
  const query = useCategoryBooks(categoryId, listing);
  const total = query.data?.pages[0]?.total;
  return (
    <>
      {total !== undefined && total > 0 && (
        <p className="category-total">{catalogueMessages.booksInTotal(total)}</p>
      )}
      <PagedBookGrid
        query={query}
        label={`Books in ${categoryName}`}
        headingLevel={headingLevel}
        texts={{
          failed: catalogueMessages.categoryBooksFailed,
          empty: catalogueMessages.noBooksInCategory,
        }}
      />
    </>
  );
}
