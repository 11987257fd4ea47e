import type { Book } from "@folio/contract/catalogue";
import type { Hold, WaitDays } from "@folio/contract/holds";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { isSessionEnd, serverMessage } from "../../../lib/api-client";
import { formatWeekdayDateTime } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { ERROR_DIALOG_MS, useDialogs, useLoginRequired } from "../../../ui/dialogs";
import { usePlaceHold } from "../hooks/hold-mutations";
import { holdMessages } from "../messages";
import { formatWaitDays } from "../wait-estimate";
import { AutoBorrowToggle } from "./auto-borrow-toggle";
import { CancelHoldDialog } from "./cancel-hold-dialog";
import "./holds.css";

interface BookHoldPanelProps {
  book: Pick<Book, "bookId" | "title" | "price">;
  /** Waiting holds on the book; undefined when the server did not say. */
  holdsWaiting: number | undefined;
  /** The wait a hold placed now would have. */
  estimatedWaitDays: WaitDays | null | undefined;
  /** The reader's open hold on the book. */
  myHold: Hold | null;
  /** Once the hold is ready, the cart feature's Borrow of the kept copy, supplied by the page. */
  borrowButton?: ReactNode;
}

/**
 * The book page's part of holds (design.md §7.2): with no copy free, the queue, its wait and
 * Place hold (a visitor is asked to log in); with a hold, the reader's place in the queue or,
 * once ready, how long the copy is kept, Borrow (the page's, from the cart feature) and Cancel
 * hold. A waiting hold's "Borrow it for me" can be changed here. What an action did is said in a live region, and focus moves to the heading,
 * which stays while the buttons under it change. A refusal is a dialog, as Borrow's are: the
 * book is fetched again after it (a copy may be free after all), which may take this panel away.
 */
export function BookHoldPanel({
  book,
  holdsWaiting,
  estimatedWaitDays,
  myHold,
  borrowButton,
}: BookHoldPanelProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const { openDialog } = useDialogs();
  const place = usePlaceHold();
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [status, setStatus] = useState("");
  const [cancelling, setCancelling] = useState<Hold | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const autoBorrowId = useId();
  const hintId = useId();
  const title = book.title.trim() || holdMessages.unknownBook;

  useEffect(() => {
    if (focusRequests > 0) headingRef.current?.focus();
  }, [focusRequests]);

  async function handlePlace() {
    if (!isLoggedIn) {
      requireLogin(holdMessages.loginFirst);
      return;
    }
    if (place.isPending) return;
    setStatus("");
    try {
      const { hold } = await place.mutateAsync({ bookId: book.bookId, autoBorrow });
      setStatus(holdMessages.placed(hold.position));
      setFocusRequests((count) => count + 1);
    } catch (error) {
      if (isSessionEnd(error)) return;
      openDialog({
        title: holdMessages.placeRefusedTitle,
        message: serverMessage(error) ?? holdMessages.placeFailed,
        tone: "error",
        autoCloseMs: ERROR_DIALOG_MS,
        actions: [{ label: holdMessages.close }],
      });
    }
  }

  return (
    <section className="hold-panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="hold-panel__heading">
        {myHold ? holdMessages.yourHoldHeading : holdMessages.placeHeading}
      </h2>
      {myHold === null ? (
        <>
          <QueueFacts holdsWaiting={holdsWaiting} estimatedWaitDays={estimatedWaitDays} />
          {isLoggedIn && (
            <div className="hold-panel__option">
              <input
                id={autoBorrowId}
                type="checkbox"
                className="hold-panel__checkbox"
                checked={autoBorrow}
                aria-describedby={hintId}
                onChange={(event) => setAutoBorrow(event.target.checked)}
              />
              <label htmlFor={autoBorrowId}>{holdMessages.autoBorrowLabel}</label>
              <p id={hintId} className="hold-panel__hint">
                {holdMessages.autoBorrowHint(formatPounds(book.price))}
              </p>
            </div>
          )}
          <div className="hold-panel__actions">
            <Button
              aria-disabled={place.isPending ? true : undefined}
              onClick={() => void handlePlace()}
            >
              {place.isPending ? holdMessages.placing : holdMessages.placeHold}
            </Button>
          </div>
        </>
      ) : (
        <>
          <HoldFacts hold={myHold} />
          {myHold.status === "waiting" && (
            <AutoBorrowToggle
              hold={myHold}
              onChanged={(on) =>
                setStatus(on ? holdMessages.autoBorrowOn : holdMessages.autoBorrowOff)
              }
            />
          )}
          <div className="hold-panel__actions">
            {myHold.status === "ready" && borrowButton}
            <Button variant="secondary" onClick={() => setCancelling(myHold)}>
              {holdMessages.cancelHold}
            </Button>
          </div>
        </>
      )}
      <p role="status" className="hold-panel__status">
        {status}
      </p>
      {cancelling && (
        <CancelHoldDialog
          hold={cancelling}
          title={title}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            setStatus(holdMessages.cancelled(title));
            // The Cancel hold button that opened the dialog goes with the hold.
            setFocusRequests((count) => count + 1);
          }}
        />
      )}
    </section>
  );
}

function QueueFacts({
  holdsWaiting,
  estimatedWaitDays,
}: Pick<BookHoldPanelProps, "holdsWaiting" | "estimatedWaitDays">) {
  return (
    <>
      {holdsWaiting !== undefined && (
        <p className="hold-panel__queue">{holdMessages.queueLength(holdsWaiting)}</p>
      )}
      {estimatedWaitDays && (
        <p className="hold-panel__estimate">
          {holdMessages.estimate(formatWaitDays(estimatedWaitDays))}
        </p>
      )}
    </>
  );
}

function HoldFacts({ hold }: { hold: Hold }) {
  if (hold.status === "ready") {
    return (
      <>
        <p className="hold-panel__ready">{holdMessages.ready}</p>
        <p className="hold-panel__until">
          {holdMessages.keptUntil(formatWeekdayDateTime(hold.readyUntil))}
        </p>
      </>
    );
  }
  return (
    <>
      {hold.position !== null && (
        <p className="hold-panel__position">{holdMessages.position(hold.position)}</p>
      )}
      {hold.estimatedWaitDays && (
        <p className="hold-panel__estimate">
          {holdMessages.estimate(formatWaitDays(hold.estimatedWaitDays))}
        </p>
      )}
    </>
  );
}
