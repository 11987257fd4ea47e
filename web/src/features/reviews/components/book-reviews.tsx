import "./book-reviews.css";

interface BookReviewsProps {
  bookId: number;
}

export const NO_REVIEWS_TEXT = "No reviews yet. Be the first to review!";

/**
 * The reviews section of a book page. Reviews are not fetched yet, so it shows the spec's
 * empty text; the reviews feature fills the list and the form here.
 */
export function BookReviews({ bookId }: BookReviewsProps) {
  const headingId = `reviews-heading-${bookId}`;
  return (
    <section className="book-reviews" aria-labelledby={headingId}>
      <h2 id={headingId}>Reviews</h2>
      <p className="book-reviews__empty">{NO_REVIEWS_TEXT}</p>
    </section>
  );
}
