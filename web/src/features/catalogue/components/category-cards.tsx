import type { Category } from "@folio/contract/catalogue";
import type { WireId } from "@folio/contract/common";
import { Link } from "react-router";
import "./category-cards.css";

interface CategoryCardsProps {
  categories: Category[];
  selectedId: WireId | null;
  /** A card was chosen (also the one already selected). */
  onSelect?: (categoryId: WireId) => void;
}

export function CategoryCards({ categories, selectedId, onSelect }: CategoryCardsProps) {
  return (
    <ul className="category-cards">
      {categories.map((category) => {
        const selected = category.id === selectedId;
        return (
          <li key={category.id}>
            <Link
              to={`/categories?category=${category.id}`}
              className={`category-card${selected ? " category-card--selected" : ""}`}
              aria-current={selected ? "true" : undefined}
              preventScrollReset
              onClick={() => onSelect?.(category.id)}
            >
              <span className="category-card__name">{category.name}</span>
              {category.description && (
                <span className="category-card__description">{category.description}</span>
              )}
              <span className="category-card__count">
                {category.bookCount} {category.bookCount === 1 ? "book" : "books"}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function CategoryCardsSkeleton() {
  return (
    <ul className="category-cards" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <div className="category-card">
            <div className="skeleton skeleton--text" />
            <div className="skeleton skeleton--text skeleton--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}
