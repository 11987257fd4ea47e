import type { Book } from "@folio/contract/catalogue";
import type { WireId } from "@folio/contract/common";
import { useId, useState } from "react";
import { Button } from "../../../ui/button";
import { usePlaceHolds, type PlaceOutcome } from "../hooks/hold-mutations";
import { holdMessages } from "../messages";
import "./holds.css";

interface PlaceHoldsOfferProps {
  /** The books a borrow found no copy of. */
  books: Pick<Book, "bookId" | "title">[];
}

/**
 * The cart's way on when a borrow found no copy left: Place hold for each of those books, or for
 * all of them at once, with one "borrow it for me" choice. Each book then says how it went (its
 * place in the queue, or the server's reason), and the live region sums it up.
 */
export function PlaceHoldsOffer({ books }: PlaceHoldsOfferProps) {
  const place = usePlaceHolds();
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<WireId, PlaceOutcome>>(new Map());
  const [summary, setSummary] = useState("");
  const headingId = useId();
  const autoBorrowId = useId();
  const hintId = useId();
  const titleOf = (book: Pick<Book, "title">) => book.title.trim() || holdMessages.unknownBook;
  const waiting = books.filter((book) => !outcomes.get(book.bookId)?.placed);

  async function placeHolds(bookIds: WireId[]) {
    if (place.isPending || bookIds.length === 0) return;
    let results: PlaceOutcome[];
    try {
      results = await place.mutateAsync({ bookIds, autoBorrow });
    } catch {
      // Only the end of the session gets here; the query client takes the reader to log in.
      return;
    }
    setOutcomes((current) => {
      const next = new Map(current);
      for (const result of results) next.set(result.bookId, result);
      return next;
    });
    setSummary(describe(results));
  }

  function describe(results: PlaceOutcome[]): string {
    const [only] = results;
    if (results.length === 1 && only) {
      const book = books.find((candidate) => candidate.bookId === only.bookId);
      const title = book ? titleOf(book) : holdMessages.unknownBook;
      return `${title}: ${outcomeText(only)}`;
    }
    const placed = results.filter((result) => result.placed).length;
    return holdMessages.placedCount(placed, results.length - placed);
  }

  return (
    <section className="hold-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>{holdMessages.noCopyHeading}</h2>
      <p>{holdMessages.noCopyIntro(books.length)}</p>
      <ul className="hold-offer__books">
        {books.map((book) => {
          const title = titleOf(book);
          const outcome = outcomes.get(book.bookId);
          return (
            <li key={book.bookId} className="hold-offer__book">
              <span className="hold-offer__title">{title}</span>
              {outcome && (
                <span className={outcome.placed ? "hold-offer__placed" : "hold-offer__refused"}>
                  {outcomeText(outcome)}
                </span>
              )}
              {!outcome?.placed && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={holdMessages.placeHoldOn(title)}
                  aria-disabled={place.isPending ? true : undefined}
                  onClick={() => void placeHolds([book.bookId])}
                >
                  {holdMessages.placeHold}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {waiting.length > 0 && (
        <>
          <div className="hold-offer__option">
            <input
              id={autoBorrowId}
              type="checkbox"
              className="hold-offer__checkbox"
              checked={autoBorrow}
              aria-describedby={hintId}
              onChange={(event) => setAutoBorrow(event.target.checked)}
            />
            <label htmlFor={autoBorrowId}>
              {books.length === 1 ? holdMessages.autoBorrowLabel : holdMessages.autoBorrowAllLabel}
            </label>
          </div>
          <p id={hintId} className="hold-offer__hint">
            {holdMessages.autoBorrowAllHint}
          </p>
        </>
      )}
      {waiting.length > 1 && (
        <div>
          <Button
            aria-disabled={place.isPending ? true : undefined}
            onClick={() => void placeHolds(waiting.map((book) => book.bookId))}
          >
            {place.isPending ? holdMessages.placing : holdMessages.placeAll}
          </Button>
        </div>
      )}
      <p role="status" className="hold-offer__status">
        {summary}
      </p>
    </section>
  );
}

function outcomeText(outcome: PlaceOutcome): string {
  return outcome.placed
    ? holdMessages.holdPlacedShort(outcome.hold.position)
    : (outcome.message ?? holdMessages.placeFailed);
}
