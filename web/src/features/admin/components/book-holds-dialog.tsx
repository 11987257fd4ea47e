import type { AdminBookHold, AdminBookHolds, HoldStatus } from "@folio/contract/holds";
import { useId } from "react";
import { Link } from "react-router";
import { formatLongDate, formatLongDateTime } from "../../../lib/dates";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { QueryState } from "../../../ui/query-state";
import { useAdminBookHolds } from "../hooks/holds-queries";
import { adminMessages, problemText } from "../messages";
import { ConsoleTable } from "./admin-table";

const STATUS: Record<HoldStatus, { label: string; badge: string }> = {
  ready: { label: "Ready", badge: "console-badge--ok" },
  waiting: { label: "Waiting", badge: "" },
  borrowed: { label: "Borrowed", badge: "console-badge--muted" },
  cancelled: { label: "Cancelled", badge: "console-badge--muted" },
  expired: { label: "Expired", badge: "console-badge--muted" },
};

const perCopy = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

interface BookHoldsDialogProps {
  bookId: string;
  /** The book's title when the page knows it already; else the answer's. */
  title?: string;
  onClose: () => void;
}

/** One book's holds, over the catalogue: who is waiting, in what order, and who had it. */
export function BookHoldsDialog({ bookId, title, onClose }: BookHoldsDialogProps) {
  const holds = useAdminBookHolds(bookId);
  const bookTitle = title ?? holds.data?.book.title;
  return (
    <Modal
      title={bookTitle ? `Holds of “${bookTitle}”` : "Holds"}
      size="wide"
      describedByBody={false}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <QueryState
        query={holds}
        loadingLabel="Loading the holds"
        failedMessage={holds.error ? problemText(holds.error) : adminMessages.bookHoldsFailed}
        failedAlert
      >
        {(answer) => <BookHoldsSection answer={answer} />}
      </QueryState>
    </Modal>
  );
}

/** The book's copies and queue, then its holds: ready, waiting by place, then closed ones. */
export function BookHoldsSection({ answer }: { answer: AdminBookHolds }) {
  const headingId = useId();
  const { book, holds } = answer;
  return (
    <div className="book-holds">
      <dl className="console-facts">
        <div>
          <dt>Copies</dt>
          <dd>{book.copies}</dd>
        </div>
        <div>
          <dt>Free</dt>
          <dd>{book.availableCopies}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{book.waiting}</dd>
        </div>
        <div>
          <dt>Ready</dt>
          <dd>{book.ready}</dd>
        </div>
        <div>
          <dt>Waiting per copy</dt>
          <dd>{perCopy.format(book.waitingPerCopy)}</dd>
        </div>
      </dl>
      <section className="console-section" aria-labelledby={headingId}>
        <h3 id={headingId} className="book-holds__heading">
          Holds
        </h3>
        {holds.length === 0 ? (
          <p className="console-empty">{adminMessages.noBookHolds}</p>
        ) : (
          <ConsoleTable
            label="Holds"
            caption="Holds: ready ones, then the queue in order, then closed ones, newest first"
            columns={
              <>
                <th scope="col">Reader</th>
                <th scope="col">Status</th>
                <th scope="col" className="console-table__number">
                  Place
                </th>
                <th scope="col">Ready until</th>
                <th scope="col">Placed</th>
                <th scope="col">Auto-borrow</th>
              </>
            }
          >
            {holds.map((hold) => (
              <HoldRow key={hold.holdId} hold={hold} />
            ))}
          </ConsoleTable>
        )}
      </section>
    </div>
  );
}

function HoldRow({ hold }: { hold: AdminBookHold }) {
  const status = STATUS[hold.status] ?? { label: hold.status, badge: "" };
  return (
    <tr>
      <th scope="row">
        <Link to={`/admin/readers/${hold.userId}`}>{hold.readerName}</Link>
        <span className="console-cell-line console-muted console-table__break">
          {hold.readerEmail}
        </span>
      </th>
      <td>
        <span className={`console-badge ${status.badge}`.trim()}>{status.label}</span>
        {hold.closedAt && (
          <span className="console-cell-line console-muted console-table__nowrap">
            {formatLongDate(hold.closedAt)}
          </span>
        )}
      </td>
      <td className="console-table__number">{hold.position ?? "—"}</td>
      <td className="console-table__nowrap">
        {hold.readyUntil ? formatLongDateTime(hold.readyUntil) : "—"}
      </td>
      <td className="console-table__nowrap">{formatLongDate(hold.placedAt)}</td>
      <td>{hold.autoBorrow ? "Yes" : "No"}</td>
    </tr>
  );
}
