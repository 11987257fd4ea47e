import type { WireId } from "@folio/contract/common";
import { useId, useState, type FormEvent } from "react";
import { errorSentence, type ErrorWording } from "../../../lib/api-errors";
import { Button } from "../../../ui/button";
import { StarRatingInput } from "../../../ui/star-rating-input";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import type { AddReviewResponse } from "../api/reviews-api";
import { useAddReview } from "../hooks/review-mutations";
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

/** The star rating and text of a new review. */
export function ReviewForm({ bookId, onPosted }: ReviewFormProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const adding = useAddReview();
  const { showToast } = useToast();
  const pending = adding.isPending;
  const ready = canSubmitReview(rating, text);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || pending) return;
    setError(null);
    let result: AddReviewResponse;
    try {
      result = await adding.mutateAsync({ bookId, rating, comment: text.trim() });
    } catch (failure) {
      setError(errorSentence(failure, ADD_REVIEW_WORDING));
      return;
    }
    setRating(0);
    setText("");
    showToast(reviewMessages.posted, { tone: "success" });
    onPosted(result);
  }

  return (
    <form
      className="review-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`} className="review-form__title">
        Write a review
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
          {pending ? "Posting…" : "Post review"}
        </Button>
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
