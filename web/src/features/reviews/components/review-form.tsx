import type { WireId } from "@folio/contract/common";
import type { Review } from "@folio/contract/reviews";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorSentence, type ErrorWording } from "../../../lib/api-errors";
import { Button } from "../../../ui/button";
import { StarRatingInput } from "../../../ui/star-rating-input";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import type { AddReviewResponse, UpdateReviewResponse } from "../api/reviews-api";
import { useAddReview, useUpdateReview } from "../hooks/review-mutations";
import { REVIEW_MAX_LENGTH } from "@folio/contract/constants";
import { reviewMessages } from "../messages";
import "./reviews.css";

interface ReviewFormProps {
  bookId: WireId;
  onPosted: (result: AddReviewResponse) => void;
}

/** Spec §5: a review needs a rating of at least 1 and some text that is not only spaces. */
export function canSubmitReview(rating: number, text: string): boolean {
  return rating >= 1 && text.trim() !== "";
}

/** Spec §8's "Failed to add comment" for any failure, but the two refusals keep the server's words. */
const ADD_REVIEW_WORDING: ErrorWording = {
  fallback: reviewMessages.addFailed,
  network: reviewMessages.addFailed,
  byCode: {
    NOT_BORROWED: reviewMessages.notBorrowed,
    ALREADY_REVIEWED: reviewMessages.alreadyReviewed,
  },
  serverWords: "byCode",
};

/** Edits keep the server's words for why a review cannot be changed. */
const UPDATE_REVIEW_WORDING: ErrorWording = {
  fallback: reviewMessages.updateFailed,
  network: reviewMessages.updateFailed,
  byCode: {
    NOT_YOUR_REVIEW: reviewMessages.notYourReview,
    REVIEW_HIDDEN: reviewMessages.hiddenReview,
    REVIEW_NOT_FOUND: reviewMessages.reviewGone,
  },
  serverWords: "byCode",
};

/** The star rating and text of a new review. */
export function ReviewForm({ bookId, onPosted }: ReviewFormProps) {
  const adding = useAddReview();
  const { showToast } = useToast();
  return (
    <ReviewFields
      title="Write a review"
      submitLabel="Post review"
      pendingLabel="Posting…"
      initial={{ rating: 0, text: "" }}
      pending={adding.isPending}
      onSubmit={async (rating, text) => {
        try {
          const result = await adding.mutateAsync({ bookId, rating, comment: text });
          showToast(reviewMessages.posted, { tone: "success" });
          onPosted(result);
          return null;
        } catch (failure) {
          return errorSentence(failure, ADD_REVIEW_WORDING);
        }
      }}
    />
  );
}

interface EditReviewFormProps {
  review: Review;
  /** The review as saved is in the lists already. */
  onSaved: (result: UpdateReviewResponse) => void;
  onCancel: () => void;
}

/** The reader's own review, its rating and text filled in, to change and save. */
export function EditReviewForm({ review, onSaved, onCancel }: EditReviewFormProps) {
  const updating = useUpdateReview();
  const { showToast } = useToast();
  return (
    <ReviewFields
      title="Edit your review"
      submitLabel="Save"
      pendingLabel="Saving…"
      initial={{ rating: review.rating, text: review.content }}
      pending={updating.isPending}
      focusOnOpen
      onCancel={onCancel}
      onSubmit={async (rating, text) => {
        try {
          const result = await updating.mutateAsync({
            commentId: review.commentId,
            bookId: review.bookId,
            rating,
            comment: text,
          });
          showToast(reviewMessages.updated, { tone: "success" });
          onSaved(result);
          return null;
        } catch (failure) {
          return errorSentence(failure, UPDATE_REVIEW_WORDING);
        }
      }}
    />
  );
}

interface ReviewFieldsProps {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  initial: { rating: number; text: string };
  pending: boolean;
  /** Sends the rating and trimmed text; answers why it failed, or null once done. */
  onSubmit: (rating: number, text: string) => Promise<string | null>;
  /** Offers Cancel beside the submit button. */
  onCancel?: () => void;
  /** Focus starts on the form's rating, as when a reader asks to edit. */
  focusOnOpen?: boolean;
}

/** A review's form: its stars, its text with a count, submit (and Cancel), and why it failed. */
function ReviewFields({
  title,
  submitLabel,
  pendingLabel,
  initial,
  pending,
  onSubmit,
  onCancel,
  focusOnOpen = false,
}: ReviewFieldsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [rating, setRating] = useState(initial.rating);
  const [text, setText] = useState(initial.text);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ready = canSubmitReview(rating, text);

  useEffect(() => {
    if (!focusOnOpen) return;
    formRef.current?.querySelector<HTMLInputElement>("input[type=radio]:checked")?.focus();
  }, [focusOnOpen]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || pending) return;
    setError(null);
    const failure = await onSubmit(rating, text.trim());
    if (failure !== null) {
      setError(failure);
      return;
    }
    setRating(initial.rating);
    setText(initial.text);
  }

  return (
    <form
      ref={formRef}
      className="review-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onCancel && !pending) onCancel();
      }}
    >
      <h3 id={`${id}-title`} className="review-form__title">
        {title}
      </h3>
      <StarRatingInput
        legend="Your rating"
        value={rating}
        onChange={(value) => {
          setRating(value);
          setError(null);
        }}
        disabled={pending}
      />
      <div className="field review-form__text">
        <label htmlFor={`${id}-text`} className="field__label">
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input review-form__textarea"
          rows={5}
          maxLength={REVIEW_MAX_LENGTH}
          value={text}
          readOnly={pending}
          aria-describedby={[countId, error ? errorId : null].filter(Boolean).join(" ")}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <p id={countId} className="review-form__count">
          {text.length}/{REVIEW_MAX_LENGTH} characters
        </p>
      </div>
      <div className="review-form__submit">
        <Button
          type="submit"
          disabled={!ready}
          aria-disabled={pending ? true : undefined}
          aria-describedby={ready ? undefined : hintId}
        >
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        )}
        {!ready && (
          <p id={hintId} className="review-form__hint">
            {reviewMessages.formHint}
          </p>
        )}
      </div>
      {error && (
        <FormMessage id={errorId} tone="error">
          {error}
        </FormMessage>
      )}
    </form>
  );
}
