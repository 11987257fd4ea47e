import type { AdminMail } from "@folio/contract/admin";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { useState } from "react";
import { formatLongDateTime } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/document-title";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useToast } from "../../../ui/toast";
import type { AdminMailQuery } from "../api/mail-api";
import { ActionsHeader, RowActions } from "../components/admin-table";
import { ConsoleList } from "../components/console-list";
import { FilterBar, FilterSelect, SearchBox } from "../components/list-controls";
import { MailViewDialog } from "../components/mail-view-dialog";
import { useMails, useRetryMail } from "../hooks/mail-queries";
import { oneOf, useListParams } from "../hooks/use-list-params";
import { adminMessages, problemText } from "../messages";

type MailFilter = "all" | NonNullable<AdminMailQuery["status"]>;

const FILTERS = [
  { value: "all", label: "All mail" },
  { value: "pending", label: "Waiting" },
  { value: "failed", label: "Failed" },
  { value: "sent", label: "Sent" },
] as const satisfies readonly { value: MailFilter; label: string }[];

const STATUS_LABEL: Record<AdminMail["status"], string> = {
  pending: "Waiting",
  failed: "Failed",
  sent: "Sent",
};

const STATUS_BADGE: Record<AdminMail["status"], string> = {
  pending: "console-badge--muted",
  failed: "console-badge--danger",
  sent: "console-badge--ok",
};

type Dialog = { kind: "view" | "retry"; mail: AdminMail } | null;

/** /admin/mail: the outbox, to see what went out and send again what did not. */
export function MailPage() {
  useDocumentTitle("Mail · Staff console");
  const { read, update, page } = useListParams();
  const filter = oneOf(read("status"), ["all", "pending", "failed", "sent"], "all");
  const q = read("q");
  const mails = useMails({
    status: filter === "all" ? undefined : filter,
    q: q || undefined,
    page,
    pageSize: STAFF_PAGE_SIZE,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const retry = useRetryMail();
  const { showToast } = useToast();

  return (
    <div className="console-page">
      <h1>Mail</h1>
      <FilterBar>
        <FilterSelect
          label="Show"
          value={filter}
          options={FILTERS}
          onChange={(next) => update({ status: next === "all" ? null : next })}
        />
        <SearchBox
          label="Search address or subject"
          value={q}
          onSearch={(text) => update({ q: text }, { replace: true })}
        />
      </FilterBar>
      <ConsoleList
        query={mails}
        loadingLabel="Loading the mail"
        empty={adminMessages.noMail}
        rows={(data) => data.mails}
        noun={["mail", "mails"]}
        label="Outbox"
        caption="Outbox, newest first"
        columns={
          <>
            <th scope="col">Subject</th>
            <th scope="col">To</th>
            <th scope="col">Made</th>
            <th scope="col">Status</th>
            <th scope="col" className="console-table__number">
              Attempts
            </th>
            <th scope="col">Last error</th>
            <ActionsHeader />
          </>
        }
        pagesLabel="Mail pages"
        onPage={(next) => update({ page: next })}
      >
        {(mail) => (
          <MailRow
            key={mail.mailId}
            mail={mail}
            onView={() => setDialog({ kind: "view", mail })}
            onRetry={() => setDialog({ kind: "retry", mail })}
          />
        )}
      </ConsoleList>
      {dialog?.kind === "view" && (
        <MailViewDialog mailId={dialog.mail.mailId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "retry" && (
        <ConfirmDialog
          title="Send this mail again?"
          confirmLabel="Retry"
          pendingLabel="Queuing…"
          onConfirm={() => retry.mutateAsync(dialog.mail.mailId)}
          onConfirmed={() => {
            setDialog(null);
            showToast(adminMessages.mailQueued(dialog.mail.to), { tone: "success" });
          }}
          failureMessage={problemText}
          onClose={() => setDialog(null)}
        >
          <p>
            “{dialog.mail.subject}” to {dialog.mail.to} goes back to the front of the outbox.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface MailRowProps {
  mail: AdminMail;
  onView: () => void;
  onRetry: () => void;
}

function MailRow({ mail, onView, onRetry }: MailRowProps) {
  return (
    <tr>
      <th scope="row">
        {mail.subject}
        <span className="console-cell-line console-muted">{mail.type}</span>
      </th>
      <td className="console-table__break">{mail.to}</td>
      <td className="console-table__nowrap">{formatLongDateTime(mail.createdAt)}</td>
      <td>
        <span className={`console-badge ${STATUS_BADGE[mail.status]}`}>
          {STATUS_LABEL[mail.status]}
        </span>
      </td>
      <td className="console-table__number">{mail.attempts}</td>
      <td className="console-table__wide">{mail.lastError ?? ""}</td>
      <RowActions
        label={`Actions for ${mail.subject} to ${mail.to}`}
        items={[
          { label: "View", onSelect: onView },
          ...(mail.status === "sent" ? [] : [{ label: "Retry", onSelect: onRetry }]),
        ]}
      />
    </tr>
  );
}
