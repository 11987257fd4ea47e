import type { Book } from "@folio/contract/catalogue";
import { availabilityOf } from "../lib/availability";
import "./availability-badge.css";

/**
 * Whether a copy is free now, so a reader sees at a glance which books can be borrowed. It sits
 * in the text beside a cover, never over it, where it would hide the author a drawn cover prints.
 */
export function AvailabilityBadge({ book }: { book: Pick<Book, "availableCopies" | "lendsLeft"> }) {
  const availability = availabilityOf(book);
  return (
    <span className={`availability-badge availability-badge--${availability.kind}`}>
      {availability.label}
    </span>
  );
}
