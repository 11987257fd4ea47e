import type { BookDetailWithHolds } from "@folio/contract/holds";
import { useState } from "react";
import { useParams } from "react-router";
import { BookDetails } from "../../features/catalogue/components/book-details";
import { RelatedBooks } from "../../features/catalogue/components/related-books";
import { useBook, useRelatedBooks } from "../../features/catalogue/hooks/catalogue-queries";
import { KeptCopyNote } from "../../features/holds/components/kept-copy-note";
import { useOpenLoans } from "../../features/loans/hooks/loan-queries";
import { BookReviews } from "../../features/reviews/components/book-reviews";
import { useBookReviews, useMyReviews } from "../../features/reviews/hooks/review-queries";
import { parseRouteId } from "../../lib/route-id";
import { useSession } from "../../lib/session";
import { BookActions } from "./book-actions";

/**
 * Composes the catalogue's book details with where to go next and the reviews section. A
 * member's loans are asked for beside the book, and the details wait for them: Borrow turning
 * into 'Already Borrowed' with its reason under it would move the page once drawn.
 */
export function BookDetailPage() {
  const { id } = useParams();
  const bookId = parseRouteId(id);
  const book = useBook(bookId);
  const { isLoggedIn } = useSession();
  const openLoans = useOpenLoans(undefined, { enabled: isLoggedIn });
  return (
    <div className="page book-detail-page">
      <BookDetails
        bookId={bookId}
        waiting={isLoggedIn && openLoans.isPending}
        renderActions={(detail) => <BookActions book={detail} openLoans={openLoans.data} />}
        renderCopiesNote={(detail) => <KeptCopyNote book={detail} />}
      />
      {book.isSuccess && !(isLoggedIn && openLoans.isPending) && (
        <AfterTheBook key={book.data.bookId} book={book.data} />
      )}
    </div>
  );
}

/**
 * Where to go next and the reviews come in together, once each has its first answer (or has
 * failed): rows that arrived after the reviews pushed them down the screen, a layout shift that
 * cost the page its Lighthouse score (issue 45). All three are asked for at once.
 */
function AfterTheBook({ book }: { book: BookDetailWithHolds }) {
  const { isLoggedIn } = useSession();
  const related = useRelatedBooks(book.bookId);
  const reviews = useBookReviews(book.bookId);
  // The form or the note that stands above the list depends on the reader's own reviews.
  const mine = useMyReviews({ enabled: isLoggedIn });
  const answered = !related.isPending && !reviews.isPending && !(isLoggedIn && mine.isPending);
  // Once shown they stay: a list that failed is asked for again when its part mounts.
  const [shown, setShown] = useState(false);
  if (answered && !shown) setShown(true);
  if (!answered && !shown) return null;
  return (
    <>
      <RelatedBooks book={book} />
      <BookReviews bookId={book.bookId} />
    </>
  );
}
