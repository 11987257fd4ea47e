import type { WireId } from "@folio/contract/common";
import { useCategoryBooks } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import { PagedBookGrid } from "./paged-book-grid";

interface CategoryBooksProps {
  categoryId: WireId;
  categoryName: string;
  headingLevel?: 2 | 3;
}

/** A category's books with the 'Currently N books in total.' line above them. */
export function CategoryBooks({ categoryId, categoryName, headingLevel }: CategoryBooksProps) {
  const query = useCategoryBooks(categoryId);
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
