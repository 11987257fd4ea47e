import type { WireId } from "@folio/contract/common";
import type { BookDetailWithHolds } from "@folio/contract/holds";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatPounds } from "../../../lib/money";
import { BookCover } from "../../../ui/book-cover";
import { Button } from "../../../ui/button";
import { SampleBadge } from "../../../ui/sample-badge";
import { StarRating } from "../../../ui/star-rating";
import { useBook } from "../hooks/catalogue-queries";
import { catalogueMessages } from "../messages";
import "./book-details.css";

interface BookDetailsProps {
  /** null when the route id is not a valid id at all. */
  bookId: WireId | null;
  /** Buttons that belong to other features (cart, loans, reading, holds), supplied by the page. */
  renderActions: (book: BookDetailWithHolds) => ReactNode;
  /** What another feature adds to the free copies (the one kept for the reader's hold). */
  renderCopiesNote?: (book: BookDetailWithHolds) => ReactNode;
  /** The page's other first answers are on their way: the placeholder stays until they come. */
  waiting?: boolean;
}

const INVALID_ID_REASON = "this is not a valid book link";

function failureReason(error: unknown): string {
  return error instanceof ApiError ? error.message : "please try again later";
}

export function BookDetails({
  bookId,
  renderActions,
  renderCopiesNote,
  waiting = false,
}: BookDetailsProps) {
  const query = useBook(bookId);
  const book = query.data;
  const title = book ? book.title.trim() || catalogueMessages.unknownBook : null;
  useDocumentTitle(title ?? (query.isError || bookId === null ? "Book not found" : "Book details"));

  if (bookId === null || query.isError) {
    const reason = bookId === null ? INVALID_ID_REASON : failureReason(query.error);
    return (
      <div className="book-details__error">
        <h1>Book details</h1>
        <p role="alert">{catalogueMessages.bookDetailsFailed(reason)}</p>
        <div className="book-details__error-actions">
          {bookId !== null && !(query.error instanceof ApiError && query.error.status === 404) && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
          <Link to="/books">Browse the library</Link>
        </div>
      </div>
    );
  }

  if (!book || title === null || waiting) return <BookDetailsSkeleton />;

  const author = book.author.trim() || catalogueMessages.unknownAuthor;
  const hasAuthor = book.author.trim() !== "";
  return (
    <article className="book-details">
      <div className="book-details__cover">
        <BookCover src={book.coverUrl} title={title} width={320} height={480} priority />
      </div>
      <div className="book-details__info">
        <h1 className="book-details__title">{title}</h1>
        {book.sample && (
          <p className="book-details__sample">
            <SampleBadge />
          </p>
        )}
        <p className="book-details__author">
          by{" "}
          {hasAuthor ? (
            <Link to={`/search?${new URLSearchParams({ author: book.author.trim() }).toString()}`}>
              {author}
            </Link>
          ) : (
            author
          )}
        </p>
        <div className="book-details__rating">
          <StarRating value={book.rating} />
          {book.ratingCount > 0 && (
            <span className="book-details__rating-count">
              ({book.ratingCount} {book.ratingCount === 1 ? "review" : "reviews"})
            </span>
          )}
        </div>
        <dl className="book-details__facts">
          <div>
            <dt>Price</dt>
            <dd className="book-details__price">{formatPounds(book.price)}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>
              {book.category ? (
                <Link to={`/category/${book.categoryId}`}>{book.category}</Link>
              ) : (
                "Unknown"
              )}
            </dd>
          </div>
          <div>
            <dt>Available copies</dt>
            <dd>
              <span>
                {book.availableCopies}/{book.totalCopies}
              </span>
              {book.lendsLeft <= 0 && (
                <span className="book-details__unlendable">No longer lent</span>
              )}
              {renderCopiesNote?.(book)}
            </dd>
          </div>
          {book.year !== null && (
            <div>
              <dt>Published</dt>
              <dd>{book.year}</dd>
            </div>
          )}
        </dl>
        <div className="book-details__actions">{renderActions(book)}</div>
        <section className="book-details__description" aria-labelledby="book-description-heading">
          <h2 id="book-description-heading">Description</h2>
          {book.description.trim() ? (
            book.description
              .split(/\n{2,}/)
              .map((paragraph, index) => <p key={index}>{paragraph}</p>)
          ) : (
            <p className="book-details__muted">No description available.</p>
          )}
        </section>
      </div>
    </article>
  );
}

function BookDetailsSkeleton() {
  return (
    <div className="book-details" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading book details
      </p>
      <div className="book-details__cover">
        <div className="skeleton book-details__cover-skeleton" />
      </div>
      <div className="book-details__info" aria-hidden="true">
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--text skeleton--short" />
        <div className="skeleton skeleton--text skeleton--short" />
        <div className="skeleton skeleton--block" />
      </div>
    </div>
  );
}
