import type { AuditQuery } from "../api/audit-api";
import type { BooksQuery } from "../api/catalogue-api";
import type { HoldQueuesQuery } from "../api/holds-api";
import type { LoansQuery } from "../api/loans-api";
import type { ReadersQuery } from "../api/readers-api";
import type { AdminMailQuery } from "../api/mail-api";
import type { AdminReviewsQuery } from "../api/reviews-api";

/** The console's query keys: a change refreshes its area by the area's prefix. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: () => [...adminKeys.all, "overview"] as const,
  books: () => [...adminKeys.all, "books"] as const,
  bookList: (query: BooksQuery) => [...adminKeys.books(), query] as const,
  categories: () => [...adminKeys.all, "categories"] as const,
  readers: () => [...adminKeys.all, "readers"] as const,
  readerList: (query: ReadersQuery) => [...adminKeys.readers(), "list", query] as const,
  reader: (userId: string) => [...adminKeys.readers(), "one", userId] as const,
  loans: () => [...adminKeys.all, "loans"] as const,
  loanList: (query: LoansQuery) => [...adminKeys.loans(), query] as const,
  holds: () => [...adminKeys.all, "holds"] as const,
  holdQueues: (query: HoldQueuesQuery) => [...adminKeys.holds(), "queues", query] as const,
  bookHolds: (bookId: string) => [...adminKeys.holds(), "book", bookId] as const,
  mails: () => [...adminKeys.all, "mail"] as const,
  mailList: (query: AdminMailQuery) => [...adminKeys.mails(), "list", query] as const,
  mail: (mailId: string) => [...adminKeys.mails(), "one", mailId] as const,
  reviews: () => [...adminKeys.all, "reviews"] as const,
  reviewList: (query: AdminReviewsQuery) => [...adminKeys.reviews(), query] as const,
  audit: (query: AuditQuery) => [...adminKeys.all, "audit", query] as const,
};

/** Staff work on figures others change too: every visit asks again. */
export const ADMIN_STALE_MS = 0;
