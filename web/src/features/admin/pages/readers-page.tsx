import type { Readers } from "@folio/contract/admin";
import { roleNames } from "@folio/contract/staff";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { QueryState } from "../../../ui/query-state";
import { TableRegion } from "../components/admin-table";
import { FilterBar, ListPages, ListSummary, SearchBox } from "../components/list-controls";
import { ADMIN_PAGE_SIZE } from "../hooks/admin-keys";
import { useReaders } from "../hooks/reader-queries";
import { useListParams } from "../hooks/use-list-params";
import { adminMessages } from "../messages";

/** /admin/readers: find a reader by name or email. */
export function ReadersPage() {
  useDocumentTitle("Readers · Staff console");
  const { read, update, page } = useListParams();
  const q = read("q");
  const readers = useReaders({ q: q || undefined, page, pageSize: ADMIN_PAGE_SIZE });
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
      <QueryState
        query={readers}
        loadingLabel="Loading the readers"
        failedMessage={adminMessages.loadFailed}
        failedAlert
        isEmpty={(data) => data.total === 0}
        empty={<p className="console-empty">{adminMessages.noReaders}</p>}
      >
        {(data) => <ReadersTable data={data} onPage={(next) => update({ page: next })} />}
      </QueryState>
    </div>
  );
}

function ReadersTable({ data, onPage }: { data: Readers; onPage: (page: number) => void }) {
  return (
    <>
      <ListSummary
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        shown={data.readers.length}
        noun={["reader", "readers"]}
      />
      <TableRegion label="Readers">
        <table className="console-table">
          <caption className="visually-hidden">Readers</caption>
          <thead>
            <tr>
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
            </tr>
          </thead>
          <tbody>
            {data.readers.map((reader) => (
              <tr key={reader.userId}>
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
            ))}
          </tbody>
        </table>
      </TableRegion>
      <ListPages
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        label="Reader pages"
        onPageChange={onPage}
      />
    </>
  );
}
