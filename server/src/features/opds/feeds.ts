// What each OPDS feed holds, the same for both versions (issue 26): the pages are built here from
// the catalogue, loans and holds, and json.ts (OPDS 2.0) and atom.ts (OPDS 1.2) write them out.
import type { Book } from "@folio/contract/catalogue";
import type { AppContext } from "../../context";
import { AppError, errors } from "../../errors";
import { penceToPounds } from "../../money";
import type { AppCaller } from "../accounts";
import {
  categoryName,
  findBooks,
  getBook,
  listBooksByCategory,
  listCategories,
  listPopularBooks,
  searchBooks,
} from "../catalogue";
import {
  borrowBooks,
  borrowStateOf,
  holdsOf,
  openLoansOf,
  placeHold,
  type HoldView,
} from "../circulation";
import { contentUrlFor, publicationLinkFor } from "../reading";

export const PAGE_SIZE = 20;

/** A feed's path with its query (a page, a search's words), as its links carry them. */
export const withQuery = (path: string, query: Record<string, string | number>) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** Where a book stands for the caller: free to borrow, none free, lent to them, or held. */
export type Standing =
  | { kind: "available" }
  | { kind: "unavailable" }
  | { kind: "loan"; dueAt: string; epubUrl: string; manifestUrl: string }
  /** lent to the caller and past its due date: no longer readable until renewed or returned */
  | { kind: "overdue"; dueAt: string }
  | {
      kind: "hold";
      status: "waiting" | "ready";
      position: number | null;
      readyUntil: string | null;
      placedAt: string;
    };

export interface Entry {
  book: Book;
  standing: Standing;
}

/** A book's description as an app shows it: a sample edition says so first, as the shop does. */
export const bookSummary = (book: Book) =>
  book.sample ? `Sample edition — the first pages. ${book.description}` : book.description;

/** A link to another feed, by its path under the version's root ("/popular"). */
export interface NavigationItem {
  title: string;
  path: string;
  /** what the feed it opens holds */
  kind: "navigation" | "acquisition";
  /** an OPDS relation naming the feed's order ("popular", "new"), when there is one */
  rel?: "popular" | "new" | "shelf";
  summary?: string;
}

export interface Paging {
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** how many there are in all, when the feed knows */
  total?: number;
  /** the query the feed's own links repeat (a search's words) */
  query?: Record<string, string>;
}

export interface Page {
  /** a stable name of the feed, its Atom id's tail */
  id: string;
  title: string;
  /** the feed's path under the version's root, without a query */
  path: string;
  kind: "navigation" | "acquisition";
  navigation: NavigationItem[];
  entries: Entry[];
  paging?: Paging;
  /** when the feed is the reader's own and cannot be read without signing in */
  own?: boolean;
  /** what an acquisition feed says when it holds no book, and where it leads instead */
  empty: NavigationItem;
}

const browsePopular = (title: string): NavigationItem => ({
  title,
  path: "/popular",
  kind: "acquisition",
  rel: "popular",
});
const noMore = browsePopular("No more books here. Browse the most borrowed books.");

/** The caller's open loans and holds, by book, to say where each book of a feed stands. */
interface Mine {
  loans: Map<number, { dueAt: string }>;
  holds: Map<number, HoldView>;
  /** the books of the open loans, soonest due first, and of the open holds not lent */
  shelf: Book[];
}

async function mineOf(ctx: AppContext, caller: AppCaller | null): Promise<Mine | null> {
  if (!caller) return null;
  const [openLoans, holds] = await Promise.all([
    openLoansOf(ctx.db, caller.id),
    holdsOf(ctx, caller.id),
  ]);
  const loans = new Map(
    openLoans.map((loan) => [loan.bookId, { dueAt: loan.dueAt.toISOString() }]),
  );
  const open = holds.filter(
    ({ hold }) => (hold.status === "waiting" || hold.status === "ready") && !loans.has(hold.bookId),
  );
  return {
    loans,
    holds: new Map(open.map((view) => [view.hold.bookId, view])),
    shelf: await findBooks(ctx.db, [
      ...openLoans.map((loan) => loan.bookId),
      ...open.map((view) => view.hold.bookId),
    ]),
  };
}

/**
 * Signed links to a lent book's EPUB and its publication manifest, made for the caller's
 * session; each is checked against the loan on every request, so they stop with it. Null when
 * the loan is overdue (it can no longer be read).
 */
async function loanLinks(
  ctx: AppContext,
  caller: AppCaller,
  bookId: number,
): Promise<{ epubUrl: string; manifestUrl: string } | null> {
  try {
    const [content, publication] = await Promise.all([
      contentUrlFor(ctx, caller, bookId),
      publicationLinkFor(ctx, caller, bookId),
    ]);
    return { epubUrl: content.contentURL, manifestUrl: publication.manifestURL };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_BORROWED") return null;
    throw error;
  }
}

async function standingOf(
  ctx: AppContext,
  caller: AppCaller | null,
  mine: Mine | null,
  book: Book,
): Promise<Standing> {
  const bookId = Number(book.bookId);
  const loan = mine?.loans.get(bookId);
  if (caller && loan) {
    const links = await loanLinks(ctx, caller, bookId);
    return links
      ? { kind: "loan", dueAt: loan.dueAt, ...links }
      : { kind: "overdue", dueAt: loan.dueAt };
  }
  const view = mine?.holds.get(bookId);
  if (view) {
    const { hold, position } = view;
    return {
      kind: "hold",
      status: hold.status as "waiting" | "ready",
      position: position ?? null,
      readyUntil: hold.status === "ready" ? hold.readyUntil!.toISOString() : null,
      placedAt: hold.placedAt.toISOString(),
    };
  }
  const free = book.availableCopies > 0 && book.lendsLeft > 0;
  return { kind: free ? "available" : "unavailable" };
}

async function entriesOf(
  ctx: AppContext,
  caller: AppCaller | null,
  books: readonly Book[],
  mine?: Mine | null,
): Promise<Entry[]> {
  const known = mine === undefined ? await mineOf(ctx, caller) : mine;
  return Promise.all(
    books.map(async (book) => ({ book, standing: await standingOf(ctx, caller, known, book) })),
  );
}

export function rootPage(signedIn: boolean): Page {
  return {
    id: "root",
    title: "Folio",
    path: "",
    kind: "navigation",
    entries: [],
    empty: noMore,
    navigation: [
      {
        title: "Popular",
        path: "/popular",
        kind: "acquisition",
        rel: "popular",
        summary: "The books readers borrow most.",
      },
      {
        title: "New",
        path: "/new",
        kind: "acquisition",
        rel: "new",
        summary: "The latest books in the catalogue.",
      },
      {
        title: "Categories",
        path: "/categories",
        kind: "navigation",
        summary: "Every category of the catalogue.",
      },
      {
        title: "My loans",
        path: "/shelf",
        kind: "acquisition",
        rel: "shelf",
        summary: signedIn
          ? "The books you have borrowed, to download or read."
          : "Sign in to see the books you have borrowed.",
      },
    ],
  };
}

export async function listPage(
  ctx: AppContext,
  caller: AppCaller | null,
  which: "popular" | "new",
  page: number,
): Promise<Page> {
  const list = await listPopularBooks(ctx.db, {
    page,
    pageSize: PAGE_SIZE,
    ...(which === "new" ? { sort: "newest" as const } : {}),
  });
  return {
    id: which,
    title: which === "popular" ? "Popular" : "New",
    path: `/${which}`,
    kind: "acquisition",
    navigation: [],
    entries: await entriesOf(ctx, caller, list.books),
    paging: { page, pageSize: PAGE_SIZE, hasMore: list.hasMore },
    empty: noMore,
  };
}

export async function categoriesPage(ctx: AppContext): Promise<Page> {
  const { categoriesList } = await listCategories(ctx.db);
  return {
    id: "categories",
    title: "Categories",
    path: "/categories",
    kind: "navigation",
    entries: [],
    empty: noMore,
    navigation: categoriesList.map((category) => ({
      title: category.name,
      path: `/categories/${category.id}`,
      kind: "acquisition",
      summary:
        category.description || `${category.bookCount} book${category.bookCount === 1 ? "" : "s"}.`,
    })),
  };
}

export async function categoryPage(
  ctx: AppContext,
  caller: AppCaller | null,
  categoryId: number,
  page: number,
): Promise<Page> {
  // An unknown category is a 404 here, before its name is looked for.
  const list = await listBooksByCategory(ctx.db, categoryId, { page, pageSize: PAGE_SIZE });
  const name = await categoryName(ctx.db, categoryId);
  return {
    id: `category-${categoryId}`,
    title: name ?? "Category",
    path: `/categories/${categoryId}`,
    kind: "acquisition",
    navigation: [],
    entries: await entriesOf(ctx, caller, list.books),
    paging: { page, pageSize: PAGE_SIZE, hasMore: list.hasMore, total: list.total },
    empty: noMore,
  };
}

/**
 * A search from an app's one box: the words as a title first (typos forgiven, as the shop's
 * search forgives them), and as an author when no title holds them.
 */
export async function searchPage(
  ctx: AppContext,
  caller: AppCaller | null,
  query: string,
  page: number,
): Promise<Page> {
  const byTitle = await searchBooks(ctx.db, { title: query, page, pageSize: PAGE_SIZE });
  const list =
    byTitle.books.length > 0 || page > 1
      ? byTitle
      : await searchBooks(ctx.db, { author: query, page, pageSize: PAGE_SIZE });
  return {
    id: "search",
    title: `Search: ${query}`,
    path: "/search",
    kind: "acquisition",
    navigation: [],
    entries: await entriesOf(ctx, caller, list.books),
    paging: { page, pageSize: PAGE_SIZE, hasMore: list.hasMore, query: { q: query } },
    empty: browsePopular("No books match your search. Browse the most borrowed books."),
  };
}

/** The reader's shelf: their open loans, soonest due first, then the books they hold. */
export async function shelfPage(ctx: AppContext, caller: AppCaller): Promise<Page> {
  const mine = (await mineOf(ctx, caller))!;
  return {
    id: "shelf",
    title: "My loans",
    path: "/shelf",
    kind: "acquisition",
    navigation: [],
    entries: await entriesOf(ctx, caller, mine.shelf, mine),
    own: true,
    empty: browsePopular("You have no loans. Browse the most borrowed books."),
  };
}

/** One book, as the caller stands with it. */
export async function bookEntry(
  ctx: AppContext,
  caller: AppCaller | null,
  bookId: number,
): Promise<Entry> {
  const book = await getBook(ctx.db, bookId);
  const [entry] = await entriesOf(ctx, caller, [book]);
  return entry!;
}

/** A borrow the shop refused: the borrow call's own state and message, with a status. */
export class BorrowRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** the borrow call's own state ("insufficient balance", …) */
    readonly state: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * Borrowing from a feed, under the shop's rules: a free copy (or the copy a ready hold keeps)
 * is lent and paid from the balance, as the web app's borrow does; when no copy is free the
 * reader joins the queue, as OPDS clients expect of a borrow link. Answers the book as the
 * caller now stands with it; a refusal is thrown as BorrowRefused with borrow's own words.
 */
export async function borrowFromFeed(
  ctx: AppContext,
  caller: AppCaller,
  bookId: number,
): Promise<{ entry: Entry; created: boolean }> {
  const outcome = await borrowBooks(ctx, caller, [bookId], undefined, async (_tx, done) => done);
  if (outcome.kind === "lent")
    return { entry: await bookEntry(ctx, caller, bookId), created: true };
  const { refused } = outcome;
  if (refused.unknown.includes(bookId) || refused.retired.includes(bookId))
    throw errors.bookNotFound();
  if (refused.lowStock.includes(bookId)) {
    await placeHold(ctx, caller, bookId, false);
    return { entry: await bookEntry(ctx, caller, bookId), created: true };
  }
  const [status, code] =
    outcome.kind === "insufficient_balance"
      ? [402, "INSUFFICIENT_BALANCE"]
      : outcome.kind === "borrow_limit"
        ? [403, "BORROW_LIMIT"]
        : outcome.kind === "licence_spent"
          ? [403, "LICENCE_USED_UP"]
          : refused.borrowed.includes(bookId)
            ? [409, "ALREADY_BORROWED"]
            : [409, "BORROW_FAILED"];
  const { state, message } = borrowStateOf(outcome);
  throw new BorrowRefused(status, code, state, message, {
    balance: penceToPounds(outcome.balancePence),
    newPayment: outcome.kind === "insufficient_balance" ? penceToPounds(outcome.shortByPence) : 0,
  });
}
