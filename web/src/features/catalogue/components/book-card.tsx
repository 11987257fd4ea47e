import type { Book } from "@folio/contract/catalogue";
import { Link } from "react-router";
import { formatPounds } from "../../../lib/money";
import { AvailabilityBadge } from "../../../ui/availability-badge";
import { BookCover } from "../../../ui/book-cover";
import { SampleBadge } from "../../../ui/sample-badge";
import { StarRating } from "../../../ui/star-rating";
import { catalogueMessages } from "../messages";
import { SkeletonLines } from "../../../ui/skeleton";
import "./book-card.css";

interface BookCardProps {
  book: Book;
  /** Above-the-fold covers load eagerly so they do not delay the largest paint. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}

export function BookCard({ book, eager = false, headingLevel = 3 }: BookCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = book.title.trim() || catalogueMessages.unknownBook;
  const author = book.author.trim() || catalogueMessages.unknownAuthor;
  return (
    <article className="book-card">
      <div className="book-card__cover">
        <BookCover src={book.coverUrl} title={title} width={200} height={300} eager={eager} />
      </div>
      <div className="book-card__body">
        <Heading className="book-card__title">
          {/* The title link stretches over the card, so the whole card is one tab stop. */}
          <Link to={`/book/${book.bookId}`} className="book-card__link">
            {title}
          </Link>
        </Heading>
        <p className="book-card__author">{author}</p>
        {/* In the card's text, so a grid shows at a glance which books can be borrowed now (and
            which are samples), yet never over the title and author a cover shows. */}
        <p className="book-card__badges">
          <AvailabilityBadge book={book} />
          {book.sample && <SampleBadge compact />}
        </p>
        <div className="book-card__meta">
          <span className="book-card__price">{formatPounds(book.price)}</span>
          <StarRating value={book.rating} size="sm" />
        </div>
      </div>
    </article>
  );
}

export function BookCardSkeleton() {
  return (
    <div className="book-card book-card--skeleton" aria-hidden="true">
      <div className="skeleton book-card__cover-skeleton" />
      <div className="book-card__body">
        <SkeletonLines shapes={["line", "short", "short", "short"]} />
      </div>
    </div>
  );
}
