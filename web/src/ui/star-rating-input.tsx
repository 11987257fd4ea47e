import { useId, useState } from "react";
import "./star-rating-input.css";

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingInputProps {
  /** The chosen rating, 1-5, or 0 when none is chosen yet. */
  value: number;
  onChange: (value: number) => void;
  /** The group's name, read out before the stars. */
  legend: string;
  disabled?: boolean;
  /** Ids of texts that explain the group (a hint, an error). */
  describedBy?: string;
}

export function starLabel(stars: number): string {
  return stars === 1 ? "1 star" : `${stars} stars`;
}

/**
 * A star rating as a group of five native radio buttons, so it is labelled, announced
 * ("4 stars, radio button, 4 of 5") and keyboard operable (Tab in, arrows choose) without
 * scripting any of it. The stars are the radios' labels; hovering previews a rating.
 */
export function StarRatingInput({
  value,
  onChange,
  legend,
  disabled = false,
  describedBy,
}: StarRatingInputProps) {
  const name = useId();
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <fieldset
      className="star-input"
      disabled={disabled}
      aria-describedby={describedBy}
      onMouseLeave={() => setPreview(0)}
    >
      <legend className="star-input__legend">{legend}</legend>
      <div className="star-input__stars">
        {STARS.map((stars) => {
          const id = `${name}-${stars}`;
          return (
            // The radio lies over its star, so the pointer is tracked on the pair.
            <span
              key={stars}
              className="star-input__option"
              onMouseEnter={() => {
                if (!disabled) setPreview(stars);
              }}
            >
              <input
                id={id}
                className="star-input__radio"
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <label
                htmlFor={id}
                className={`star-input__star${stars <= shown ? " star-input__star--on" : ""}`}
              >
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{starLabel(stars)}</span>
              </label>
            </span>
          );
        })}
        <span className="star-input__value" aria-hidden="true">
          {value > 0 ? `${value} of 5` : "Not rated"}
        </span>
      </div>
    </fieldset>
  );
}
