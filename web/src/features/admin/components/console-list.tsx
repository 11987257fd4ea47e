import type { ReactNode } from "react";
import { QueryState, type QueryStatus } from "../../../ui/query-state";
import { adminMessages } from "../messages";
import { ConsoleTable } from "./admin-table";
import { ListPages, ListSummary } from "./list-controls";

/** One page of a list as the server answers it. */
interface ListPage {
  page: number;
  pageSize: number;
  total: number;
}

interface ConsoleListProps<T extends ListPage, R> {
  query: QueryStatus<T>;
  /** What the placeholders announce while the list loads ("Loading the loans"). */
  loadingLabel: string;
  /** Shown with Try again; the console's plain "could not load" unless given. */
  failedMessage?: string;
  /** Shown in place of the table when the list holds nothing at all. */
  empty: string;
  /** The rows of the page, counted in the summary and drawn by `children`. */
  rows: (data: T) => readonly R[];
  /** What the rows are, for the summary: ["loan", "loans"]. */
  noun: readonly [string, string];
  /** The name of the table's scrolling region. */
  label: string;
  /** The table's caption, for screen readers only. */
  caption: ReactNode;
  /** The header cells of the table's one header row. */
  columns: ReactNode;
  /** Keeps each row's header in view while the table scrolls sideways. */
  pinTitle?: boolean;
  /** The name of the page links ("Loan pages"). */
  pagesLabel: string;
  onPage: (page: number) => void;
  /** One row of the table, a `<tr>` with its key. */
  children: (row: R) => ReactNode;
}

/**
 * A console list's states and frame: placeholders, the failure, the empty message, then a
 * summary of the page, the table in its scrolling region, and the page links.
 */
export function ConsoleList<T extends ListPage, R>({
  query,
  loadingLabel,
  failedMessage = adminMessages.loadFailed,
  empty,
  rows,
  noun,
  label,
  caption,
  columns,
  pinTitle,
  pagesLabel,
  onPage,
  children,
}: ConsoleListProps<T, R>) {
  return (
    <QueryState
      query={query}
      loadingLabel={loadingLabel}
      failedMessage={failedMessage}
      failedAlert
      isEmpty={(data) => data.total === 0}
      empty={<p className="console-empty">{empty}</p>}
    >
      {(data) => {
        const shown = rows(data);
        return (
          <>
            <ListSummary
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              shown={shown.length}
              noun={noun}
            />
            <ConsoleTable label={label} caption={caption} columns={columns} pinTitle={pinTitle}>
              {shown.map((row) => children(row))}
            </ConsoleTable>
            <ListPages
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              label={pagesLabel}
              onPageChange={onPage}
            />
          </>
        );
      }}
    </QueryState>
  );
}
