import type { Hold, HoldStatus } from "@folio/contract/holds";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { formatLongDate, formatWeekdayDateTime } from "../../../lib/dates";
import type { FailureMeta } from "../../../lib/query-meta";
import { BookCover } from "../../../ui/book-cover";
import { Button, ButtonLink } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { useToast } from "../../../ui/toast";
import { isOpenHold, useHolds } from "../hooks/hold-queries";
import { holdMessages } from "../messages";
import { formatWaitDays } from "../wait-estimate";
import { AutoBorrowToggle } from "./auto-borrow-toggle";
import { CancelHoldDialog } from "./cancel-hold-dialog";
import "../../../ui/shelf-card.css";
import "./holds.css";

const HOLDS_FAILURE: FailureMeta = { errorMessage: holdMessages.loadFailed };

function holdTitle(hold: Hold): string {
  return hold.book.title.trim() || holdMessages.unknownBook;
}

function holdAuthor(hold: Hold): string {
  return hold.book.author.trim() || holdMessages.unknownAuthor;
}

/** The status in words; the colour only repeats it. */
function HoldStatusBadge({ status }: { status: HoldStatus }) {
  return (
    <span className={`shelf-status hold-status--${status}`}>{holdMessages.status[status]}</span>
  );
}

interface HoldsListProps {
  /**
   * The Borrow button of a ready hold: the cart feature's borrow, supplied by the app, which
   * calls `onLent` once the book is lent.
   */
  renderBorrow: (hold: Hold, onLent: () => void) => ReactNode;
}

/**
 * My Books › Holds: the open holds (ready ones first, with their Borrow; waiting ones with their
 * "Borrow it for me", which can be changed), each with Cancel after a confirmation; then the last
 * closed ones, muted.
 */
export function HoldsList({ renderBorrow }: HoldsListProps) {
  const query = useHolds(HOLDS_FAILURE);
  const { showToast } = useToast();
  const [cancelling, setCancelling] = useState<Hold | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusRequests > 0) summaryRef.current?.focus();
  }, [focusRequests]);

  const renderHolds = (holds: Hold[]) => {
    const open = holds.filter(isOpenHold);
    const closed = holds.filter((hold) => !isOpenHold(hold));
    return (
      <>
        <p ref={summaryRef} className="shelf-list__summary" tabIndex={-1}>
          {open.length > 0 ? holdMessages.openSummary(open.length) : holdMessages.noOpenHolds}
        </p>
        {open.length > 0 && (
          <ul className="shelf-list">
            {open.map((hold) => (
              <OpenHoldItem
                key={hold.holdId}
                hold={hold}
                borrowButton={
                  hold.status === "ready"
                    ? renderBorrow(hold, () =>
                        showToast(holdMessages.borrowed(holdTitle(hold)), { tone: "success" }),
                      )
                    : null
                }
                onCancel={() => setCancelling(hold)}
                onAutoBorrowChanged={(on) =>
                  showToast(holdMessages.autoBorrowSet(holdTitle(hold), on), { tone: "success" })
                }
              />
            ))}
          </ul>
        )}
        {closed.length > 0 && <PastHolds holds={closed} />}
      </>
    );
  };

  return (
    <>
      <QueryState
        query={query}
        loadingLabel={holdMessages.loading}
        skeleton={<SkeletonLines shapes={["block", "block"]} />}
        failedMessage={holdMessages.loadFailed}
        isEmpty={(list) => list.holds.length === 0}
        empty={
          <div className="page__notice">
            <p>{holdMessages.none}</p>
            <ButtonLink to="/books" variant="secondary" size="sm">
              {holdMessages.browse}
            </ButtonLink>
          </div>
        }
      >
        {(list) => renderHolds(list.holds)}
      </QueryState>
      {cancelling && (
        <CancelHoldDialog
          hold={cancelling}
          title={holdTitle(cancelling)}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            showToast(holdMessages.cancelled(holdTitle(cancelling)), { tone: "success" });
            setCancelling(null);
            // The Cancel button that opened the dialog leaves with the hold; the summary says
            // what is left.
            setFocusRequests((count) => count + 1);
          }}
        />
      )}
    </>
  );
}

interface OpenHoldItemProps {
  hold: Hold;
  borrowButton: ReactNode;
  onCancel: () => void;
  onAutoBorrowChanged: (autoBorrow: boolean) => void;
}

function OpenHoldItem({ hold, borrowButton, onCancel, onAutoBorrowChanged }: OpenHoldItemProps) {
  const title = holdTitle(hold);
  const ready = hold.status === "ready";
  const facts: { label: string; value: string }[] = [];
  if (!ready && hold.position !== null) {
    facts.push({ label: holdMessages.positionFact, value: String(hold.position) });
  }
  if (!ready && hold.estimatedWaitDays) {
    facts.push({
      label: holdMessages.estimateFact,
      value: formatWaitDays(hold.estimatedWaitDays),
    });
  }
  // A waiting hold's choice is a control of its own, below; a ready one's is only told.
  if (ready) {
    facts.push({
      label: holdMessages.autoBorrowFact,
      value: hold.autoBorrow ? holdMessages.yes : holdMessages.no,
    });
  }
  facts.push({ label: holdMessages.placedOn, value: formatLongDate(hold.placedAt) });
  return (
    <li className={ready ? "shelf-card hold-card--ready" : "shelf-card"}>
      <BookCover src={hold.book.coverUrl} title={title} width={80} height={120} />
      <div className="shelf-card__body">
        <div className="shelf-card__heading">
          <h2 className="shelf-card__title">
            <Link to={`/book/${hold.bookId}`}>{title}</Link>
          </h2>
          <HoldStatusBadge status={hold.status} />
        </div>
        <p className="shelf-card__author">{holdAuthor(hold)}</p>
        {ready && (
          <p className="hold-card__until">
            {holdMessages.readyUntil(formatWeekdayDateTime(hold.readyUntil))}
          </p>
        )}
        <dl className="shelf-facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {hold.status === "waiting" && (
          <AutoBorrowToggle hold={hold} bookTitle={title} onChanged={onAutoBorrowChanged} />
        )}
        <div className="shelf-card__actions">
          {borrowButton}
          <Button
            variant="ghost"
            size="sm"
            aria-label={holdMessages.cancelFor(title)}
            onClick={onCancel}
          >
            {holdMessages.cancelHold}
          </Button>
        </div>
      </div>
    </li>
  );
}

function PastHolds({ holds }: { holds: Hold[] }) {
  const headingId = useId();
  return (
    <section className="hold-past" aria-labelledby={headingId}>
      <h2 id={headingId}>{holdMessages.closedHeading}</h2>
      <ul className="hold-past__list">
        {holds.map((hold) => (
          <li key={hold.holdId} className="hold-past__item">
            <h3 className="hold-past__title">
              <Link to={`/book/${hold.bookId}`}>{holdTitle(hold)}</Link>
            </h3>
            <span>{holdAuthor(hold)}</span>
            <HoldStatusBadge status={hold.status} />
            <span className="hold-past__date">
              {holdMessages.placedOn} {formatLongDate(hold.placedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
