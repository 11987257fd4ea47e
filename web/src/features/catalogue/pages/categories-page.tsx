import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { parseRouteId } from "../../../lib/route-id";
import { QueryState } from "../../../ui/query-state";
import { CategoryBooks } from "../components/category-books";
import { CategoryCards, CategoryCardsSkeleton } from "../components/category-cards";
import { useCategories } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import "./category-pages.css";

export function CategoriesPage() {
  const [params] = useSearchParams();
  const selectedId = parseRouteId(params.get("category"));
  const categories = useCategories();
  const selected =
    categories.data?.categoriesList.find((category) => category.id === selectedId) ?? null;
  useDocumentTitle(selected ? `${selected.name}: Categories` : "Categories");

  return (
    <div className="page">
      <header className="page__header">
        <h1>Categories</h1>
        <p className="page__lead">
          Browse the library by subject. Pick a category to see its books.
        </p>
      </header>

      <QueryState
        query={categories}
        loadingLabel="Loading categories"
        skeleton={<CategoryCardsSkeleton />}
        failedMessage={catalogueMessages.categoryListFailed}
        failedAlert
        isEmpty={(data) => data.categoriesList.length === 0}
        empty={<p className="page__notice">{catalogueMessages.noData}</p>}
      >
        {(data) => <CategoryCards categories={data.categoriesList} selectedId={selectedId} />}
      </QueryState>

      {selectedId !== null && categories.isSuccess && (
        <section className="category-selection" aria-labelledby="selected-category-heading">
          {selected ? (
            <>
              <h2 id="selected-category-heading">{selected.name}</h2>
              {selected.description && (
                <p className="category-selection__description">{selected.description}</p>
              )}
              <CategoryBooks categoryId={selected.id} categoryName={selected.name} />
            </>
          ) : (
            <>
              <h2 id="selected-category-heading">Category</h2>
              <p className="page__notice">{catalogueMessages.noBooksInCategory}</p>
            </>
          )}
        </section>
      )}
    </div>
  );
}
