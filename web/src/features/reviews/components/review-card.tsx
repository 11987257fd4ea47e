import type { Review } from "@folio/contract/reviews";
import type { ReactNode } from "react";
import { formatLongDate } from "../../../lib/dates";
import { Button } from "../../../ui/button";
import { StarRating } from "../../../ui/star-rating";
import { reviewMessages } from "../messages";
import "./reviews.css";

interface ReviewCardProps {
  review: Review;
  /** What the review is known by here: its author on a book page, its book on the profile. */
  heading: ReactNode;
  isMine?: boolean;
  actions?: ReactNode;
  /** The review's own form, shown in place of its stars and text while its author edits it. */
  editor?: ReactNode;
}

/**
 * One review in a list. Its text is whatever a reader typed, so it is only ever a text node:
 * markup in it shows as the characters it is made of.
 */
export function ReviewCard({ review, heading, isMine = false, actions, editor }: ReviewCardProps) {
  return (
    // Focusable from script only, so focus can land on a review just posted.
    <li
      className={`review-card${isMine ? " review-card--mine" : ""}`}
      data-comment-id={review.commentId}
      tabIndex={-1}
    >
      <div className="review-card__header">
        <h3 className="review-card__heading">{heading}</h3>
        {isMine && <span className="review-card__badge">{reviewMessages.yourReview}</span>}
      </div>
      {editor ?? (
        <>
          <div className="review-card__meta">
            <StarRating value={review.rating} size="sm" showValue={false} />
            <time dateTime={review.createDate}>{formatLongDate(review.createDate)}</time>
            {review.updatedAt && (
              <span className="review-card__edited">
                {reviewMessages.edited}{" "}
                <time dateTime={review.updatedAt}>{formatLongDate(review.updatedAt)}</time>
              </span>
            )}
          </div>
          <p className="review-card__text">{review.content}</p>
          {actions && <div className="review-card__actions">{actions}</div>}
        </>
      )}
    </li>
  );
}

/**
 * Edit and Delete on a review of one's own; `what` names it for a screen reader. Their classes
 * are where the lists put focus back after an edit or a delete.
 */
export function OwnReviewActions({
  what,
  onEdit,
  onDelete,
}: {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="review-card__edit"
        aria-label={`Edit ${what}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="review-card__delete"
        aria-label={`Delete ${what}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </>
  );
}
