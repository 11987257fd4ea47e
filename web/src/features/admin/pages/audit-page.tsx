import type { AuditEntry } from "@folio/contract/admin";
import { auditActions, STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { useId } from "react";
import { formatLongDateTime } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/document-title";
import { useSession } from "../../../lib/session";
import { TextField } from "../../../ui/text-field";
import type { AuditQuery } from "../api/audit-api";
import { ConsoleList } from "../components/console-list";
import { FilterBar, FilterSelect, SearchBox } from "../components/list-controls";
import { useAudit } from "../hooks/audit-queries";
import { useListParams } from "../hooks/use-list-params";
import { adminMessages, problemText } from "../messages";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /admin/audit, for administrators: every staff change, who made it, and what it changed. */
export function AuditPage() {
  useDocumentTitle("Audit log · Staff console");
  const { role } = useSession();
  return (
    <div className="console-page">
      <h1>Audit log</h1>
      {role === "admin" ? <AuditLog /> : <p className="page__notice">{adminMessages.adminsOnly}</p>}
    </div>
  );
}

function AuditLog() {
  const { read, update, page } = useListParams();
  const from = DATE.test(read("from")) ? read("from") : "";
  const to = DATE.test(read("to")) ? read("to") : "";
  const query: AuditQuery = {
    actor: read("actor") || undefined,
    action: read("action") || undefined,
    from: from || undefined,
    to: to || undefined,
    page,
    pageSize: STAFF_PAGE_SIZE,
  };
  const audit = useAudit(query);
  // The log names every action it holds; until it answers, the ones this build knows.
  const actions = audit.data?.actions ?? [...auditActions];
  const chosen = query.action ?? "";
  const options = [
    { value: "", label: "All actions" },
    ...[...new Set([...actions, ...(chosen ? [chosen] : [])])]
      .sort()
      .map((action) => ({ value: action, label: action })),
  ];

  return (
    <>
      <FilterBar>
        <SearchBox
          label="Actor’s email"
          value={query.actor ?? ""}
          onSearch={(actor) => update({ actor }, { replace: true })}
        />
        <FilterSelect
          label="Action"
          value={chosen}
          options={options}
          onChange={(action) => update({ action })}
        />
        <div className="console-filter">
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => update({ from: event.target.value })}
          />
        </div>
        <div className="console-filter">
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => update({ to: event.target.value })}
          />
        </div>
      </FilterBar>
      <ConsoleList
        query={audit}
        loadingLabel="Loading the audit log"
        failedMessage={audit.error ? problemText(audit.error) : adminMessages.loadFailed}
        empty={adminMessages.noAudit}
        rows={(data) => data.entries}
        noun={["entry", "entries"]}
        label="Audit log"
        caption="Audit log, newest first"
        columns={
          <>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Reason</th>
            <th scope="col">Details</th>
          </>
        }
        pagesLabel="Audit log pages"
        onPage={(next) => update({ page: next })}
      >
        {(entry) => <AuditRow key={entry.id} entry={entry} />}
      </ConsoleList>
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <th scope="row" className="console-table__nowrap">
        {formatLongDateTime(entry.createdAt)}
      </th>
      <td className="console-table__break">
        {entry.actorId || entry.actorEmail === "command line"
          ? entry.actorEmail
          : `${entry.actorEmail} (command line)`}
      </td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {entry.targetType} {entry.targetId}
      </td>
      <td className="console-table__wide">{entry.reason ?? ""}</td>
      <td>
        <ChangeDetails entry={entry} />
      </td>
    </tr>
  );
}

function json(value: unknown): string {
  return value === null || value === undefined ? "(nothing)" : JSON.stringify(value, null, 2);
}

/** Before and after, as the log keeps them, behind a disclosure. */
function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const id = useId();
  return (
    <details className="audit-details">
      <summary>
        Before and after
        <span className="visually-hidden">
          {" "}
          of {entry.action} {entry.targetId}
        </span>
      </summary>
      {/* A long change scrolls inside its box: focusable, so a keyboard can scroll it too (axe
          scrollable-region-focusable), and named by its label. */}
      <div className="audit-details__body">
        <p id={`${id}-before`} className="audit-details__label">
          Before
        </p>
        <pre
          className="audit-details__json"
          role="region"
          aria-labelledby={`${id}-before`}
          tabIndex={0}
        >
          {json(entry.before)}
        </pre>
        <p id={`${id}-after`} className="audit-details__label">
          After
        </p>
        <pre
          className="audit-details__json"
          role="region"
          aria-labelledby={`${id}-after`}
          tabIndex={0}
        >
          {json(entry.after)}
        </pre>
      </div>
    </details>
  );
}
