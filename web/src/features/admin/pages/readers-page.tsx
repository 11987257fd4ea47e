import type { ReaderSummary } from "@folio/contract/admin";
import { roleNames, STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { ConsoleList } from "../components/console-list";
import { FilterBar, SearchBox } from "../components/list-controls";
import { useReaders } from "../hooks/reader-queries";
import { useListParams } from "../hooks/use-list-params";
import { adminMessages } from "../messages";

/** /admin/readers: find a reader by name or email. */
export function ReadersPage() {
  useDocumentTitle("Readers · Staff console");
  const { read, update, page } = useListParams();
  const q = read("q");
  const readers = useReaders({ q: q || undefined, page, pageSize: STAFF_PAGE_SIZE });
  return (
    <div className="console-page">
      <h1>Readers</h1>
      <FilterBar>
        <SearchBox
          label="Search name or email"
          value={q}
          onSearch={(text) => update({ q: text }, { replace: true })}
        />
      </FilterBar>
      <ConsoleList
        query={readers}
        loadingLabel="Loading the readers"
        empty={adminMessages.noReaders}
        rows={(data) => data.readers}
        noun={["reader", "readers"]}
        label="Readers"
        caption="Readers"
        columns={
          <>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col" className="console-table__number">
              Balance
            </th>
            <th scope="col" className="console-table__number">
              Open loans
            </th>
            <th scope="col">Joined</th>
            <th scope="col">Account</th>
          </>
        }
        pagesLabel="Reader pages"
        onPage={(next) => update({ page: next })}
      >
        {(reader) => <ReaderRow key={reader.userId} reader={reader} />}
      </ConsoleList>
    </div>
  );
}

function ReaderRow({ reader }: { reader: ReaderSummary }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/admin/readers/${reader.userId}`}>{reader.name}</Link>
      </th>
      <td className="console-table__break">{reader.email}</td>
      <td>{roleNames[reader.role]}</td>
      <td className="console-table__number">{formatPounds(reader.balance)}</td>
      <td className="console-table__number">{reader.openLoans}</td>
      <td className="console-table__nowrap">{formatLongDate(reader.createdAt)}</td>
      <td>
        {reader.blockedAt ? (
          <span className="console-badge console-badge--danger">Blocked</span>
        ) : (
          <span className="console-badge console-badge--ok">Active</span>
        )}
      </td>
    </tr>
  );
}
