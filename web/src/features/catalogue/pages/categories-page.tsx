import type { WireId } from "@folio/contract/common";
import { useCallback, useEffect, useRef } from "react";
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

  // The books show below every card (a phone's screens away): a chosen card brings them into
  // view and takes focus to their heading, so the choice is seen and heard.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<WireId | null>(null);
  const showSelection = useCallback(() => {
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start" });
  }, []);
  function choose(categoryId: WireId) {
    if (categoryId === selected?.id) showSelection();
    else pendingFocus.current = categoryId;
  }
  useEffect(() => {
    if (!selected || pendingFocus.current !== selected.id) return;
    pendingFocus.current = null;
    showSelection();
  }, [selected, showSelection]);

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
        {(data) => (
          <CategoryCards
            categories={data.categoriesList}
            selectedId={selectedId}
            onSelect={choose}
          />
        )}
      </QueryState>

      {selectedId !== null && categories.isSuccess && (
        <section className="category-selection" aria-labelledby="selected-category-heading">
          {selected ? (
            <>
              <h2 id="selected-category-heading" ref={headingRef} tabIndex={-1}>
                {selected.name}
              </h2>
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
