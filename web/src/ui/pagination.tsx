import "./pagination.css";

export type PageListItem = number | "ellipsis";

/** At most this many entries (numbers and ellipses) in the list, so its width never jumps. */
const MAX_ITEMS = 7;

/**
 * The page numbers to offer (spec §9): every page when there are 7 or fewer, otherwise the first
 * and last page around a window on the current one, with an ellipsis for each gap:
 * 1 2 3 4 5 … 12, 1 … 4 5 6 … 12, 1 … 8 9 10 11 12.
 */
export function pageNumberList(current: number, pageCount: number): PageListItem[] {
  const total = Math.max(0, Math.floor(pageCount));
  if (total <= MAX_ITEMS) return Array.from({ length: total }, (_, index) => index + 1);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  // Near either end the window runs into the edge, so it shows five pages there.
  if (page <= 4) return [...range(1, 5), "ellipsis", total];
  if (page >= total - 3) return [1, "ellipsis", ...range(total - 4, total)];
  return [1, "ellipsis", ...range(page - 1, page + 1), "ellipsis", total];
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark ("Loan history pages"). */
  label: string;
}

/**
 * Previous, the page-number list and Next. Unavailable buttons stay focusable (aria-disabled),
 * so focus does not vanish when Next becomes unavailable on the last page.
 */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        aria-disabled={atStart ? true : undefined}
        onClick={() => go(page - 1)}
      >
        Previous
      </button>
      <ul className="pagination__pages">
        {pageNumberList(page, pageCount).map((item, index) =>
          item === "ellipsis" ? (
            <li key={`ellipsis-${index}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__page"
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        aria-disabled={atEnd ? true : undefined}
        onClick={() => go(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
