import type { Review } from "@folio/contract/reviews";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { useMyReviews } from "../hooks/review-queries";
import { reviewMessages } from "../messages";
import { DeleteReviewDialog } from "./delete-review-dialog";
import { OwnReviewActions, ReviewCard } from "./review-card";
import { EditReviewForm } from "./review-form";
import "./reviews.css";

const UNKNOWN_BOOK = "Unknown Book";

function bookTitle(review: Review): string {
  return review.bookTitle.trim() || UNKNOWN_BOOK;
}

/** Profile › Comment Records, titled My Reviews (spec §2): the reader's reviews, with Edit and Delete. */
export function MyReviews() {
  const query = useMyReviews({ meta: { errorMessage: reviewMessages.loadFailed } });
  const [deleting, setDeleting] = useState<{ review: Review; index: number } | null>(null);
  const [editing, setEditing] = useState<Review["commentId"] | null>(null);
  // Once an edit is saved or cancelled, focus goes back to that review's Edit button.
  const [focusEditOf, setFocusEditOf] = useState<Review["commentId"] | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  // After a deletion, focus moves to the Delete button now in the same place (or the last
  // one), or to Browse books once the list is empty.
  const focusAfterDeletion = useRef<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    const index = focusAfterDeletion.current;
    const container = containerRef.current;
    if (index === null || !container) return;
    focusAfterDeletion.current = null;
    const buttons = container.querySelectorAll<HTMLElement>(".review-card__delete");
    const target =
      buttons.length > 0
        ? buttons[Math.min(index, buttons.length - 1)]
        : container.querySelector<HTMLElement>(".my-reviews__empty a");
    target?.focus();
  }, [focusRequest, query.data]);

  useEffect(() => {
    if (focusEditOf === null || editing !== null) return;
    const button = containerRef.current?.querySelector<HTMLElement>(
      `[data-comment-id="${focusEditOf}"] .review-card__edit`,
    );
    if (!button) return;
    setFocusEditOf(null);
    button.focus();
  }, [focusEditOf, editing, query.data]);

  const stopEditing = (commentId: Review["commentId"]) => {
    setEditing(null);
    setFocusEditOf(commentId);
  };

  const renderReviews = (reviews: Review[]) => (
    <div ref={containerRef}>
      {reviews.length === 0 ? (
        <div className="my-reviews__empty">
          <p>{reviewMessages.noReviewsOfMine}</p>
          <ButtonLink to="/books" variant="secondary" size="sm">
            Browse books
          </ButtonLink>
        </div>
      ) : (
        <ul className="review-list" aria-label="Your reviews">
          {reviews.map((review, index) => {
            const title = bookTitle(review);
            return (
              <ReviewCard
                key={review.commentId}
                review={review}
                heading={<Link to={`/book/${review.bookId}`}>{title}</Link>}
                editor={
                  editing === review.commentId ? (
                    <EditReviewForm
                      review={review}
                      onSaved={() => stopEditing(review.commentId)}
                      onCancel={() => stopEditing(review.commentId)}
                    />
                  ) : undefined
                }
                actions={
                  <OwnReviewActions
                    what={`your review of ${title}`}
                    onEdit={() => setEditing(review.commentId)}
                    onDelete={() => setDeleting({ review, index })}
                  />
                }
              />
            );
          })}
        </ul>
      )}
      {deleting && (
        <DeleteReviewDialog
          review={deleting.review}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            focusAfterDeletion.current = deleting.index;
            setFocusRequest((count) => count + 1);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );

  return (
    <QueryState
      query={query}
      loadingLabel="Loading your reviews"
      failedMessage={reviewMessages.loadFailed}
    >
      {(list) => renderReviews(list.reviews)}
    </QueryState>
  );
}
