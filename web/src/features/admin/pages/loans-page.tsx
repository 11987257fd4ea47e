import type { AdminLoan } from "@folio/contract/admin";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { useState } from "react";
import { Link } from "react-router";
import { isSessionEnd } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/document-title";
import { saveDownload } from "../../../lib/save-download";
import { Button } from "../../../ui/button";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { downloadLoansCsv, type LoansQuery } from "../api/loans-api";
import { ConsoleList } from "../components/console-list";
import { FilterBar, FilterSelect, SearchBox } from "../components/list-controls";
import { useAdminLoans } from "../hooks/loan-queries";
import { oneOf, useListParams } from "../hooks/use-list-params";
import { adminMessages, problemText } from "../messages";

type LoanView = NonNullable<LoansQuery["status"]>;

const VIEWS = [
  { value: "open", label: "All open" },
  { value: "overdue", label: "Overdue" },
  { value: "dueSoon", label: "Due soon" },
] as const satisfies readonly { value: LoanView; label: string }[];

const DAY_CHOICES = ["1", "3", "7", "14", "30"] as const;
const DAYS = DAY_CHOICES.map((days) => ({
  value: days,
  label: days === "1" ? "Within 1 day" : `Within ${days} days`,
}));

/** /admin/loans: every open loan (the first view), overdue or due soon, with a CSV of the same. */
export function LoansPage() {
  useDocumentTitle("Loans · Staff console");
  const { read, update, page } = useListParams();
  const status = oneOf(read("status"), ["open", "overdue", "dueSoon"], "open");
  const days = oneOf(read("days"), DAY_CHOICES, "3");
  const q = read("q");
  const query: LoansQuery = {
    status,
    days: status === "dueSoon" ? Number(days) : undefined,
    q: q || undefined,
    page,
    pageSize: STAFF_PAGE_SIZE,
  };
  const loans = useAdminLoans(query);
  const [downloading, setDownloading] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const { showToast } = useToast();

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setDownloadProblem(null);
    try {
      saveDownload(await downloadLoansCsv(query), `loans-${status}.csv`);
      showToast(adminMessages.csvReady, { tone: "success" });
    } catch (error) {
      if (!isSessionEnd(error)) {
        setDownloadProblem(`${adminMessages.csvFailed} ${problemText(error)}`);
      }
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>Loans</h1>
        <Button
          variant="secondary"
          aria-disabled={downloading ? true : undefined}
          onClick={() => void download()}
        >
          {downloading ? "Preparing CSV…" : "Download CSV"}
        </Button>
      </div>
      {downloadProblem && <FormMessage tone="error">{downloadProblem}</FormMessage>}
      <FilterBar>
        <FilterSelect
          label="Show"
          value={status}
          options={VIEWS}
          onChange={(next) => update({ status: next === "open" ? null : next })}
        />
        {status === "dueSoon" && (
          <FilterSelect
            label="Due"
            value={days}
            options={DAYS}
            onChange={(next) => update({ days: next === "3" ? null : next })}
          />
        )}
        <SearchBox
          label="Search book, reader or email"
          value={q}
          onSearch={(text) => update({ q: text }, { replace: true })}
        />
      </FilterBar>
      <ConsoleList
        query={loans}
        loadingLabel="Loading the loans"
        empty={adminMessages.noLoans}
        rows={(data) => data.loans}
        noun={["loan", "loans"]}
        label="Loans"
        caption="Loans"
        columns={
          <>
            <th scope="col">Reader</th>
            <th scope="col">Book</th>
            <th scope="col">Borrowed</th>
            <th scope="col">Due</th>
            <th scope="col" className="console-table__number">
              Days overdue
            </th>
          </>
        }
        pagesLabel="Loan pages"
        onPage={(next) => update({ page: next })}
      >
        {(loan) => <LoanRow key={loan.loanId} loan={loan} />}
      </ConsoleList>
    </div>
  );
}

function LoanRow({ loan }: { loan: AdminLoan }) {
  return (
    <tr>
      <th scope="row">
        {loan.userId ? (
          <Link to={`/admin/readers/${loan.userId}`}>
            {loan.readerName ?? loan.readerEmail ?? "Reader"}
          </Link>
        ) : (
          <span className="console-muted">Deleted account</span>
        )}
        {loan.readerEmail && (
          <span className="console-cell-line console-muted console-table__break">
            {loan.readerEmail}
          </span>
        )}
      </th>
      <td>
        {loan.title}
        <span className="console-cell-line console-muted">{loan.author}</span>
      </td>
      <td className="console-table__nowrap">{formatLongDate(loan.borrowedAt)}</td>
      <td className="console-table__nowrap">{formatLongDate(loan.dueAt)}</td>
      <td className="console-table__number">
        <span className={loan.daysOverdue > 0 ? "console-overdue" : "console-muted"}>
          {loan.daysOverdue}
        </span>
      </td>
    </tr>
  );
}
