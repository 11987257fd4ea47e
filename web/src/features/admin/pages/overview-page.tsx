import type { Overview } from "@folio/contract/admin";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title";
import { QueryState } from "../../../ui/query-state";
import { SkeletonLines } from "../../../ui/skeleton";
import { MoneyPerDay, MostBorrowed } from "../components/overview-figures";
import { useOverview } from "../hooks/overview-queries";
import { adminMessages } from "../messages";

interface Card {
  label: string;
  value: number;
  /** The list behind the figure. */
  to?: string;
}

function cardsOf(overview: Overview): Card[] {
  const cards: Card[] = [
    { label: "Active loans", value: overview.activeLoans, to: "/admin/loans?status=open" },
    { label: "Overdue", value: overview.overdueLoans, to: "/admin/loans?status=overdue" },
    { label: "Due soon", value: overview.dueSoonLoans, to: "/admin/loans?status=dueSoon" },
    { label: "Readers", value: overview.readers, to: "/admin/readers" },
    { label: "Books", value: overview.books, to: "/admin/books?status=active" },
  ];
  // Null while the shop has no holds at all.
  if (overview.holdsWaiting !== null) {
    cards.push({ label: "Holds waiting", value: overview.holdsWaiting });
  }
  return cards;
}

export function OverviewPage() {
  useDocumentTitle("Overview · Staff console");
  return (
    <div className="console-page">
      <h1>Overview</h1>
      <QueryState
        query={useOverview()}
        loadingLabel="Loading the overview"
        skeleton={<SkeletonLines shapes={["block", "block"]} />}
        failedMessage={adminMessages.overviewFailed}
        failedAlert
      >
        {(overview) => <OverviewContent overview={overview} />}
      </QueryState>
    </div>
  );
}

function OverviewContent({ overview }: { overview: Overview }) {
  return (
    <>
      <dl className="stat-cards">
        {cardsOf(overview).map((card) => {
          const figure = card.value.toLocaleString("en-GB");
          return (
            <div key={card.label} className="stat-card">
              <dt className="stat-card__label">{card.label}</dt>
              <dd className="stat-card__value">
                {card.to ? <Link to={card.to}>{figure}</Link> : figure}
              </dd>
            </div>
          );
        })}
      </dl>
      <section className="console-section" aria-labelledby="overview-money">
        <h2 id="overview-money">Top-ups and loan charges per day (30 days)</h2>
        <MoneyPerDay days={overview.days} />
      </section>
      <section className="console-section" aria-labelledby="overview-borrowed">
        <h2 id="overview-borrowed">Most borrowed books (30 days)</h2>
        {overview.mostBorrowed.length === 0 ? (
          <p className="console-empty">No books were borrowed in the last 30 days.</p>
        ) : (
          <MostBorrowed books={overview.mostBorrowed} />
        )}
      </section>
    </>
  );
}
