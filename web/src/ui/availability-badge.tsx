import type { Book } from "@folio/contract/catalogue";
import { availabilityOf } from "../lib/availability";
import "./availability-badge.css";

/**
 * Whether a copy is free now, laid over a book's cover in grids and lists (the cover's parent
 * is positioned), so a reader sees at a glance which books can be borrowed.
 */
export function AvailabilityBadge({ book }: { book: Pick<Book, "availableCopies" | "lendsLeft"> }) {
  const availability = availabilityOf(book);
  return (
    <span className={`availability-badge availability-badge--${availability.kind}`}>
      {availability.label}
    </span>
  );
}
