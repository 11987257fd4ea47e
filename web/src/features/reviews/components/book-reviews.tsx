import type { WireId } from "@folio/contract/common";
import type { Review } from "@folio/contract/reviews";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useSession } from "../../../lib/session";
import { ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useBookReviews, useMyReviews } from "../hooks/review-queries";
import { reviewMessages } from "../messages";
import { DeleteReviewDialog } from "./delete-review-dialog";
import { OwnReviewActions, ReviewCard } from "./review-card";
import { EditReviewForm, ReviewForm } from "./review-form";
import "./reviews.css";

/** Where focus goes next: the review just posted, its Edit button, or the section's heading. */
type FocusTarget =
  { to: "review"; commentId: WireId } | { to: "edit"; commentId: WireId } | { to: "heading" };

interface BookReviewsProps {
  bookId: WireId;
}

const UNKNOWN_READER = "A reader";

/**
 * Where a reader may write: visitors are asked to log in, a reader who has reviewed the book
 * already is told so (their review is marked in the list), everyone else gets the form.
 */
function ReviewComposer({
  bookId,
  myReview,
  checking,
  onPosted,
}: {
  bookId: WireId;
  myReview: Review | undefined;
  checking: boolean;
  onPosted: (commentId: WireId) => void;
}) {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  if (!isLoggedIn) {
    return (
      <div className="book-reviews__note book-reviews__note--login">
        <p>{reviewMessages.loginToReview}</p>
        <ButtonLink to="/login" state={{ from: pathname }} variant="secondary" size="sm">
          Login
        </ButtonLink>
      </div>
    );
  }
  // Until the reader's own reviews are known, a form could offer what they cannot do.
  if (checking) return null;
  if (myReview) return <p className="book-reviews__note">{reviewMessages.alreadyReviewed}</p>;
  return <ReviewForm bookId={bookId} onPosted={(result) => onPosted(result.commentId)} />;
}

/** The reviews section of a book page: the list, newest first, and the form. */
export function BookReviews({ bookId }: BookReviewsProps) {
  const headingId = `reviews-heading-${bookId}`;
  const { isLoggedIn } = useSession();
  const reviews = useBookReviews(bookId);
  const mine = useMyReviews({ enabled: isLoggedIn });
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [editing, setEditing] = useState<WireId | null>(null);
  // Focus follows the reader's action: to the review just posted, or back to the section
  // once theirs is deleted. Kept until the element it names is on screen.
  const focusTarget = useRef<FocusTarget | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  function moveFocusTo(target: FocusTarget) {
    focusTarget.current = target;
    setFocusRequest((count) => count + 1);
  }

  const myIds = new Set(isLoggedIn ? (mine.data?.commentIds ?? []) : []);
  const myReview = isLoggedIn
    ? mine.data?.reviews.find((review) => review.bookId === bookId)
    : undefined;

  useEffect(() => {
    const wanted = focusTarget.current;
    if (wanted === null) return;
    const card =
      wanted.to === "heading"
        ? null
        : listRef.current?.querySelector<HTMLElement>(`[data-comment-id="${wanted.commentId}"]`);
    const target =
      wanted.to === "heading"
        ? headingRef.current
        : wanted.to === "edit"
          ? card?.querySelector<HTMLElement>(".review-card__edit")
          : card;
    if (!target) return;
    focusTarget.current = null;
    target.focus();
  }, [focusRequest, reviews.data, editing]);

  const stopEditing = (commentId: WireId) => {
    setEditing(null);
    moveFocusTo({ to: "edit", commentId });
  };

  return (
    <section className="book-reviews" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Reviews
      </h2>
      <ReviewComposer
        bookId={bookId}
        myReview={myReview}
        checking={isLoggedIn && mine.isPending}
        onPosted={(commentId) => moveFocusTo({ to: "review", commentId })}
      />
      <QueryState
        query={reviews}
        loadingLabel="Loading reviews"
        loadingClassName="book-reviews__loading"
        skeleton={<SkeletonLines shapes={["line", "short"]} />}
        failedMessage={reviewMessages.loadFailed}
        isEmpty={(list) => list.reviews.length === 0}
        empty={<p className="book-reviews__empty">{reviewMessages.noReviews}</p>}
      >
        {(list) => (
          <ul ref={listRef} className="review-list" aria-label="Reviews of this book">
            {list.reviews.map((review) => {
              const isMine = myIds.has(review.commentId);
              return (
                <ReviewCard
                  key={review.commentId}
                  review={review}
                  heading={review.username.trim() || UNKNOWN_READER}
                  isMine={isMine}
                  editor={
                    isMine && editing === review.commentId ? (
                      <EditReviewForm
                        review={review}
                        onSaved={() => stopEditing(review.commentId)}
                        onCancel={() => stopEditing(review.commentId)}
                      />
                    ) : undefined
                  }
                  actions={
                    isMine && (
                      <OwnReviewActions
                        what="your review"
                        onEdit={() => setEditing(review.commentId)}
                        onDelete={() => setDeleting(review)}
                      />
                    )
                  }
                />
              );
            })}
          </ul>
        )}
      </QueryState>
      {deleting && (
        <DeleteReviewDialog
          review={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            moveFocusTo({ to: "heading" });
          }}
        />
      )}
    </section>
  );
}
