import "./star-rating.css";

const MAX_STARS = 5;

interface StarRatingProps {
  /** Mean rating 0-5, or null when the book has no reviews. */
  value: number | null;
  size?: "sm" | "md";
  /** Shows the number beside the stars. */
  showValue?: boolean;
}

export function ratingLabel(value: number | null): string {
  return value === null ? "No ratings yet" : `Rated ${value.toFixed(1)} out of ${MAX_STARS}`;
}

/** Read-only stars, announced as one phrase ("Rated 4.2 out of 5") rather than five images. */
export function StarRating({ value, size = "md", showValue = true }: StarRatingProps) {
  // Empty stars would read as "rated zero"; a book nobody has reviewed says so in words.
  if (value === null) {
    return (
      <span className={`star-rating star-rating--${size} star-rating--none`}>
        {ratingLabel(null)}
      </span>
    );
  }
  const clamped = Math.min(Math.max(value, 0), MAX_STARS);
  const percent = (clamped / MAX_STARS) * 100;
  return (
    <span className={`star-rating star-rating--${size}`} role="img" aria-label={ratingLabel(value)}>
      <span className="star-rating__stars" aria-hidden="true">
        <span className="star-rating__empty">★★★★★</span>
        <span className="star-rating__filled" style={{ width: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      {showValue && (
        <span className="star-rating__value" aria-hidden="true">
          {value.toFixed(1)}
        </span>
      )}
    </span>
  );
}
