import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { PopularBooks } from "../../features/catalogue/components/popular-books";
import { SearchForm } from "../../features/catalogue/components/search-form";
import { fetchLoanHistory } from "../../features/loans/api/loans-api";
import { loanKeys } from "../../features/loans/hooks/loan-queries";
import { useDocumentTitle } from "../../lib/document-title";
import { useSession } from "../../lib/session";
import { JoinBanner } from "./join-banner";
import "./home-page.css";

/**
 * Its own chunk, fetched only for a reader with a loan. An extra: if the chunk cannot load,
 * Home goes on without it.
 */
const BecauseYouBorrowed = lazy(() =>
  import("../../features/catalogue/components/because-you-borrowed").then(
    (module) => ({ default: module.BecauseYouBorrowed }),
    () => ({ default: () => null }),
  ),
);

/** The reader's latest loan leads to the next book; nothing without a loan. */
function NextReads() {
  // The loans feature's history query, without its failure toast: Home's pointer fails quietly.
  const history = useQuery({
    queryKey: loanKeys.history(),
    queryFn: ({ signal }) => fetchLoanHistory(signal),
    staleTime: 0,
  });
  const loans = history.data?.data ?? [];
  const [latest] = loans;
  if (!latest) return null;
  const onLoan = loans.filter((loan) => loan.status !== "returned").map((loan) => loan.bookId);
  return (
    <Suspense fallback={null}>
      <BecauseYouBorrowed bookId={latest.bookId} title={latest.title} onLoan={onLoan} />
    </Suspense>
  );
}

export function HomePage() {
  useDocumentTitle(null);
  const { isLoggedIn } = useSession();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-heading">
        <h1 id="home-heading">Find your next great read</h1>
        <p className="home-hero__lead">
          Search by title, author or category, borrow for 30 days and read right in your browser.
        </p>
        <SearchForm label="Search books" foldOnPhone="Search by title, author or category" />
      </section>

      {isLoggedIn ? <NextReads /> : <JoinBanner />}

      <section className="home-section" aria-labelledby="popular-heading">
        <h2 id="popular-heading">Popular Book Recommendations</h2>
        <PopularBooks headingLevel={3} />
      </section>
    </div>
  );
}
