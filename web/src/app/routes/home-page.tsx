import { PopularBooks } from "../../features/catalogue/components/popular-books";
import { SearchForm } from "../../features/catalogue/components/search-form";
import { useDocumentTitle } from "../../lib/document-title";
import { useSession } from "../../lib/session";
import { JoinBanner } from "./join-banner";
import { useNextReads } from "./next-reads";
import "./home-page.css";

export function HomePage() {
  useDocumentTitle(null);
  const { isLoggedIn } = useSession();
  const nextReads = useNextReads(isLoggedIn);
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-heading">
        <h1 id="home-heading">Find your next great read</h1>
        <p className="home-hero__lead">
          Search by title, author or category, borrow for 30 days and read right in your browser.
        </p>
        <SearchForm label="Search books" foldOnPhone="Search by title, author or category" />
      </section>

      {isLoggedIn ? nextReads.row : <JoinBanner />}

      {nextReads.ready && (
        <section className="home-section" aria-labelledby="popular-heading">
          <h2 id="popular-heading">Popular Book Recommendations</h2>
          <PopularBooks headingLevel={3} />
        </section>
      )}
    </div>
  );
}
