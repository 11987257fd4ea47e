import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Pagination } from "../../../ui/pagination";
// The fields' look (.field__input), which a screen without any other form would not load.
import "../../../ui/form.css";

/** How long typing rests before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  label: string;
  /** The search in force (from the URL). */
  value: string;
  onSearch: (text: string) => void;
  hint?: string;
}

/**
 * A search field that searches as the person types, once typing rests, and at once on Enter.
 * The search in force lives in the URL; Back brings an earlier one into the field.
 */
export function SearchBox({ label, value, onSearch, hint }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The URL changed by itself (Back): show its search, unless it is what is being typed.
  if (shown !== value) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = window.setTimeout(() => onSearchRef.current(wanted), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() !== value) onSearch(text.trim());
  }

  return (
    <form role="search" className="console-filter" onSubmit={submit}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="search"
        className="field__input"
        value={text}
        maxLength={200}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: FilterSelectProps<T>) {
  const id = useId();
  return (
    <div className="console-filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The row of a list's search and filters; wraps on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="console-filters">{children}</div>;
}

interface PagedProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the rows are: ["book", "books"]. */
  noun: readonly [string, string];
}

/** "Showing 21–40 of 134 books", announced as the list changes. */
export function ListSummary({
  page,
  pageSize,
  total,
  noun,
  shown,
}: PagedProps & { shown: number }) {
  const first = (page - 1) * pageSize;
  return (
    <p className="console-summary" role="status">
      {shown === 0
        ? `No ${noun[1]} on this page.`
        : `Showing ${first + 1}–${first + shown} of ${total} ${total === 1 ? noun[0] : noun[1]}`}
    </p>
  );
}

export function ListPages({
  page,
  pageSize,
  total,
  label,
  onPageChange,
}: Omit<PagedProps, "noun"> & { label: string; onPageChange: (page: number) => void }) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Pagination
      page={Math.min(page, pageCount)}
      pageCount={pageCount}
      onPageChange={onPageChange}
      label={label}
    />
  );
}
