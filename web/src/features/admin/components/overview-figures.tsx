import type { Overview } from "@folio/contract/admin";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { TableRegion } from "./admin-table";
import type * as Charts from "./overview-charts";

type ChartsModule = typeof Charts;

function ChartMissing() {
  return (
    <p className="console-chart__missing">
      The chart could not be loaded; the table has its figures.
    </p>
  );
}

/** A chart from the charts' chunk; if that chunk cannot load, the table below still tells all. */
function lazyChart<P extends object>(pick: (module: ChartsModule) => ComponentType<P>) {
  return lazy(() =>
    import("./overview-charts").then(
      (module) => ({ default: pick(module) }),
      () => ({ default: ChartMissing as ComponentType<P> }),
    ),
  );
}

const MoneyPerDayChart = lazyChart((m) => m.MoneyPerDayChart);
const MostBorrowedChart = lazyChart((m) => m.MostBorrowedChart);

/** The picture: an img to assistive technology, whose figures are in the table that follows. */
function ChartFrame({ tall = false, children }: { tall?: boolean; children: ReactNode }) {
  return (
    <div
      className={`console-chart${tall ? " console-chart--bars" : ""}`}
      role="img"
      aria-label="Bar chart; its figures follow as a table"
    >
      <Suspense fallback={<div className="skeleton console-chart__placeholder" />}>
        {children}
      </Suspense>
    </div>
  );
}

export function MoneyPerDay({ days }: { days: Overview["days"] }) {
  // The chart reads left to right in time; the table answers "how did today go?" on its first row.
  const newestFirst = [...days].reverse();
  return (
    <>
      <ChartFrame>
        <MoneyPerDayChart days={days} />
      </ChartFrame>
      <TableRegion label="Top-ups and loan charges per day">
        <table className="console-table console-table--compact">
          <caption>Top-ups and loan charges per day, today first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="console-table__number">
                Top-ups
              </th>
              <th scope="col" className="console-table__number">
                Loan charges
              </th>
              <th scope="col" className="console-table__number">
                Loans
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatLongDate(day.date)}</th>
                <td className="console-table__number">{formatPounds(day.topUps)}</td>
                <td className="console-table__number">{formatPounds(day.loanCharges)}</td>
                <td className="console-table__number">{day.loans}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}

export function MostBorrowed({ books }: { books: Overview["mostBorrowed"] }) {
  return (
    <>
      <ChartFrame tall>
        <MostBorrowedChart books={books} />
      </ChartFrame>
      <TableRegion label="Most borrowed books">
        <table className="console-table console-table--compact">
          <caption>Most borrowed books in the last 30 days, most first</caption>
          <thead>
            <tr>
              <th scope="col">Book</th>
              <th scope="col">Author</th>
              <th scope="col" className="console-table__number">
                Loans
              </th>
            </tr>
          </thead>
          <tbody>
            {books.map((book) => (
              <tr key={book.bookId}>
                <th scope="row">{book.title}</th>
                <td>{book.author}</td>
                <td className="console-table__number">{book.loans}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
