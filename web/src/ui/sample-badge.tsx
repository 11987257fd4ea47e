import "./sample-badge.css";

/** What a sample edition is called wherever a reader or a librarian decides about a book. */
export const SAMPLE_EDITION_LABEL = "Sample edition — the first pages";

/**
 * Marks a sample edition (the seed's first pages, not the whole work). `compact` shows just
 * "Sample" where the sentence does not fit (a card, a table cell); screen readers still hear it
 * whole. One line of fixed height, drawn with the book's first answer: it never moves a page.
 */
export function SampleBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span className={`sample-badge${compact ? " sample-badge--compact" : ""}`}>
      {compact ? (
        <>
          <span aria-hidden="true">Sample</span>
          <span className="visually-hidden">{SAMPLE_EDITION_LABEL}</span>
        </>
      ) : (
        SAMPLE_EDITION_LABEL
      )}
    </span>
  );
}
