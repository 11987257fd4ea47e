import type { AdminHoldQueue } from "@folio/contract/holds";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { ConsoleList } from "../components/console-list";
import { useAdminHoldQueues } from "../hooks/holds-queries";
import { useListParams } from "../hooks/use-list-params";
import { adminMessages } from "../messages";

const perCopy = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** The book in the console: its row in the catalogue, with its holds open over it. */
function bookHoldsPath(book: Pick<AdminHoldQueue, "bookId" | "title">): string {
  const params = new URLSearchParams({ q: book.title, holds: book.bookId });
  return `/admin/books?${params.toString()}`;
}

/** /admin/holds: books with open holds, the longest queue against its copies first. */
export function HoldsPage() {
  useDocumentTitle("Holds · Staff console");
  const { update, page } = useListParams();
  const queues = useAdminHoldQueues({ page, pageSize: STAFF_PAGE_SIZE });

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>Holds</h1>
      </div>
      <p className="console-muted">
        Books readers are waiting for, the longest queue for the copies first.
      </p>
      <ConsoleList
        query={queues}
        loadingLabel="Loading the holds"
        empty={adminMessages.noHoldQueues}
        rows={(data) => data.queues}
        noun={["book", "books"]}
        label="Hold queues"
        caption="Books with holds, most waiting per copy first"
        columns={
          <>
            <th scope="col">Book</th>
            <th scope="col" className="console-table__number">
              Copies
            </th>
            <th scope="col" className="console-table__number">
              Free
            </th>
            <th scope="col" className="console-table__number">
              Waiting
            </th>
            <th scope="col" className="console-table__number">
              Ready
            </th>
            <th scope="col" className="console-table__number">
              Waiting per copy
            </th>
          </>
        }
        pagesLabel="Hold pages"
        onPage={(next) => update({ page: next })}
      >
        {(queue) => <QueueRow key={queue.bookId} queue={queue} />}
      </ConsoleList>
    </div>
  );
}

function QueueRow({ queue }: { queue: AdminHoldQueue }) {
  return (
    <tr>
      <th scope="row">
        <Link to={bookHoldsPath(queue)}>{queue.title}</Link>
        <span className="console-cell-line console-muted">{queue.author}</span>
      </th>
      <td className="console-table__number">{queue.copies}</td>
      <td className="console-table__number">{queue.availableCopies}</td>
      <td className="console-table__number">{queue.waiting}</td>
      <td className="console-table__number">{queue.ready}</td>
      <td className="console-table__number">{perCopy.format(queue.waitingPerCopy)}</td>
    </tr>
  );
}
