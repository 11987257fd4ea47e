import type { BookSort, Category } from "@folio/contract/catalogue";
import { useId } from "react";
import { MIN_RATINGS, type ListOptions, type ListSorts } from "./list-options";
import "../../../ui/form.css";
import "./sort-filter-bar.css";

const SORT_LABELS: Record<BookSort, string> = {
  relevance: "Relevance",
  popular: "Most borrowed",
  rating: "Highest rated",
  newest: "Newest",
  title: "Title A–Z",
};

interface SortFilterBarProps {
  sorts: ListSorts;
  options: ListOptions;
  onChange: (patch: Partial<ListOptions>) => void;
  /** Given, the list may keep to one category (the library grid). */
  categories?: Category[];
}

/** Native controls, so keyboards, phones and screen readers get what they already know. */
export function SortFilterBar({ sorts, options, onChange, categories }: SortFilterBarProps) {
  const id = useId();
  return (
    <div className="sort-filter-bar" role="group" aria-label="Sort and filter">
      <div className="field">
        <label htmlFor={`${id}-sort`} className="field__label">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="field__input"
          value={options.sort}
          onChange={(event) => {
            const sort = sorts.find((offered) => offered === event.target.value);
            if (sort) onChange({ sort });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      {categories && (
        <div className="field">
          <label htmlFor={`${id}-category`} className="field__label">
            Category
          </label>
          <select
            id={`${id}-category`}
            className="field__input"
            value={options.categoryId ?? ""}
            onChange={(event) => onChange({ categoryId: event.target.value || null })}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-rating`} className="field__label">
          Rating
        </label>
        <select
          id={`${id}-rating`}
          className="field__input"
          value={options.minRating ?? ""}
          onChange={(event) =>
            onChange({ minRating: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">Any</option>
          {MIN_RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {`${rating}★ & up`}
            </option>
          ))}
        </select>
      </div>
      <div className="sort-filter-bar__check">
        <input
          id={`${id}-available`}
          type="checkbox"
          checked={options.available}
          onChange={(event) => onChange({ available: event.target.checked })}
        />
        <label htmlFor={`${id}-available`}>Available now</label>
      </div>
    </div>
  );
}
