import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { parseRouteId } from "../../../lib/route-id";
import { Button } from "../../../ui/button";
import { BookGridSkeleton } from "../components/book-grid";
import { CategoryBooks } from "../components/category-books";
import { useListOptions, type ListSorts } from "../components/list-options";
import { SortFilterBar } from "../components/sort-filter-bar";
import { useCategory } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import "./category-pages.css";

/** By title, as the spec lists a category. */
const CATEGORY_SORTS: ListSorts = ["title", "popular", "rating", "newest"];

export function CategoryPage() {
  const { id } = useParams();
  const categoryId = parseRouteId(id);
  const category = useCategory(categoryId);
  const { options, listing, change } = useListOptions(CATEGORY_SORTS);
  useDocumentTitle(category.data?.name ?? "Category");

  if (categoryId === null || category.isError) {
    return (
      <div className="page">
        <h1>Category</h1>
        <div className="page__notice page__notice--error" role="alert">
          <p>{catalogueMessages.categoryDataFailed}</p>
          {categoryId !== null && (
            <Button variant="secondary" size="sm" onClick={() => void category.refetch()}>
              Try again
            </Button>
          )}
        </div>
        <p>
          <Link to="/categories">See all categories</Link>
        </p>
      </div>
    );
  }

  if (category.isPending) {
    return (
      <div className="page" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading category
        </p>
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--text" />
        <BookGridSkeleton />
      </div>
    );
  }

  return (
    <div className="page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/categories">Categories</Link> <span aria-hidden="true">/</span>{" "}
        <span aria-current="page">{category.data.name}</span>
      </nav>
      <header className="page__header">
        <h1>{category.data.name}</h1>
        {category.data.description && <p className="page__lead">{category.data.description}</p>}
      </header>
      <SortFilterBar sorts={CATEGORY_SORTS} options={options} onChange={change} />
      <CategoryBooks
        categoryId={category.data.id}
        categoryName={category.data.name}
        headingLevel={2}
        listing={listing}
      />
    </div>
  );
}
