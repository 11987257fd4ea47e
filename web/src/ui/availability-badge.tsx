import type { Book } from "@folio/contract/catalogue";
import { availabilityOf } from "../lib/availability";
import "./availability-badge.css";

/**
 * Whether a copy is free now, so a reader sees at a glance which books can be borrowed: laid
 * over a book's cover (the cover's parent is positioned), or `inline` in the text beside it,
 * where it can never hide what the cover says.
 */
export function AvailabilityBadge({
  book,
  inline = false,
}: {
  book: Pick<Book, "availableCopies" | "lendsLeft">;
  inline?: boolean;
}) {
  const availability = availabilityOf(book);
  return (
    <span
      className={`availability-badge availability-badge--${availability.kind}${inline ? " availability-badge--inline" : ""}`}
    >
      {availability.label}
    </span>
  );
}
