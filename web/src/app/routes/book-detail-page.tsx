import { useParams } from "react-router";
import { BookDetails } from "../../features/catalogue/components/book-details";
import { RelatedBooks } from "../../features/catalogue/components/related-books";
import { useBook } from "../../features/catalogue/hooks/catalogue-queries";
import { KeptCopyNote } from "../../features/holds/components/kept-copy-note";
import { BookReviews } from "../../features/reviews/components/book-reviews";
import { parseRouteId } from "../../lib/route-id";
import { BookActions } from "./book-actions";

/** Composes the catalogue's book details with where to go next and the reviews section. */
export function BookDetailPage() {
  const { id } = useParams();
  const bookId = parseRouteId(id);
  const book = useBook(bookId);
  return (
    <div className="page book-detail-page">
      <BookDetails
        bookId={bookId}
        renderActions={(detail) => <BookActions book={detail} />}
        renderCopiesNote={(detail) => <KeptCopyNote book={detail} />}
      />
      {book.isSuccess && <RelatedBooks book={book.data} />}
      {bookId !== null && book.isSuccess && <BookReviews bookId={bookId} />}
    </div>
  );
}
