import type { Book } from "@folio/contract/catalogue";
import type { BookListState, Cart } from "@folio/contract/lists";
import { ALREADY_PRESENT_STATE, MAX_CART_ITEMS } from "@folio/contract/constants";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor, Transaction } from "../../db/client";
import { jsonArrayOf, parseJsonRows } from "../../db/json";
import { books, cartItems, wishlistItems } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds, poundsToPence } from "../../money";
import { readWithSession, type AuthUser } from "../accounts";
import {
  categoryName as categoryNameOf,
  findBooks,
  listedBookOwnColumns,
  presentBook,
} from "../catalogue";

/** The cart and the wishlist are the same thing in two tables: a reader's set of books. */
export type ListKind = "cart" | "wishlist";
type ListTable = typeof cartItems | typeof wishlistItems;

const lists: Record<ListKind, { table: ListTable; present: string }> = {
  cart: { table: cartItems, present: "This book is already in your cart" },
  wishlist: { table: wishlistItems, present: "This book is already in your wishlist" },
};

/** One reader's list as read with their session; `json` is its answer, made once per read. */
interface OwnList {
  books: Book[];
  json?: string;
}

/**
 * A reader's own list, read with their session in one query, for all the readers who ask in
 * the same turn of the event loop: the commonest calls of a logged-in reader cost one round
 * trip per batch rather than three per request (accounts' readWithSession).
 */
function ownListRead(kind: ListKind) {
  const { table } = lists[kind];
  return readWithSession(
    `lists_${kind}_by_token`,
    // The session's books as one JSON text in the order they were added (db/json.ts), read by
    // a subquery per session: index lookups whatever the plan guesses of the number of keys.
    (reads, userId) =>
      sql<string>`${reads
        .select({
          json: jsonArrayOf(listedBookOwnColumns, [sql`${table.addedAt}`, sql`${table.bookId}`]),
        })
        .from(table)
        .innerJoin(books, eq(books.id, table.bookId))
        .where(eq(table.userId, userId))}`,
    async (db, text) => {
      const listed = parseJsonRows(text, listedBookOwnColumns);
      const list: OwnList = { books: [] };
      for (const own of listed) {
        const categoryName = (await categoryNameOf(db, own.categoryId)) ?? "";
        list.books.push(presentBook({ ...own, categoryName }));
      }
      return list;
    },
    { keepUntilWrite: 2_000 },
  );
}
const ownLists: Record<ListKind, ReturnType<typeof ownListRead>> = {
  cart: ownListRead("cart"),
  wishlist: ownListRead("wishlist"),
};

/**
 * The caller's cart (with its total) or wishlist as JSON text, by their session's token hash
 * (401 without a live one). Every request answered by the same read (the readers of one batch,
 * or a kept answer on the embedded database) is sent the same text, serialised once.
 */
export function getOwnListJson(
  ctx: AppContext,
  kind: ListKind,
  tokenHash: string,
): Promise<string> {
  return ownLists[kind](ctx, tokenHash).then((own) => {
    if (own.json === undefined) {
      const list: BookListState = {
        state: "success",
        bookId: own.books.map((b) => b.bookId),
        books: own.books,
      };
      own.json = JSON.stringify(kind === "cart" ? withTotal(list) : list);
    }
    return own.json;
  });
}

/** After a borrow: the books borrowed leave the reader's cart and wishlist. */
export async function removeFromBothLists(
  tx: Transaction,
  userId: string,
  bookIds: number[],
): Promise<void> {
  for (const { table } of Object.values(lists))
    await tx.delete(table).where(and(eq(table.userId, userId), inArray(table.bookId, bookIds)));
}

async function listIds(db: Executor, kind: ListKind, userId: string): Promise<number[]> {
  const { table } = lists[kind];
  const rows = await db
    .select({ bookId: table.bookId })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.addedAt), asc(table.bookId));
  return rows.map((row) => row.bookId);
}

/** The list after a change the caller made, with the state and message of that change. */
export async function getList(
  ctx: AppContext,
  kind: ListKind,
  user: AuthUser,
  state = "success",
  message?: string,
): Promise<BookListState> {
  const list = await findBooks(ctx.db, await listIds(ctx.db, kind, user.id));
  return { state, ...(message ? { message } : {}), bookId: list.map((b) => b.bookId), books: list };
}

/**
 * Adds books; unknown ids are a 404 and add nothing. When every book asked for was already
 * there the state is " exist." (spec.md §7), so a client can say so.
 */
export async function addToList(
  ctx: AppContext,
  kind: ListKind,
  user: AuthUser,
  bookIds: number[],
): Promise<BookListState> {
  const { table, present } = lists[kind];
  const now = ctx.clock.now();
  const added = await ctx.db.transaction(async (tx) => {
    // A retired book is no longer in the catalogue: it cannot be added, only kept.
    const known = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(inArray(books.id, bookIds), isNull(books.retiredAt)));
    if (known.length !== bookIds.length) throw errors.bookNotFound();
    const inserted = await tx
      .insert(table)
      .values(bookIds.map((bookId) => ({ userId: user.id, bookId, addedAt: now })))
      .onConflictDoNothing()
      .returning({ bookId: table.bookId });
    const [size] = await tx.select({ n: count() }).from(table).where(eq(table.userId, user.id));
    if ((size?.n ?? 0) > MAX_CART_ITEMS) throw errors.cartFull();
    return inserted.length;
  });
  return added === 0
    ? getList(ctx, kind, user, ALREADY_PRESENT_STATE, present)
    : getList(ctx, kind, user);
}

export async function removeFromList(
  ctx: AppContext,
  kind: ListKind,
  user: AuthUser,
  bookIds: number[],
): Promise<BookListState> {
  const { table } = lists[kind];
  await ctx.db.delete(table).where(and(eq(table.userId, user.id), inArray(table.bookId, bookIds)));
  return getList(ctx, kind, user);
}

export async function clearList(
  ctx: AppContext,
  kind: ListKind,
  user: AuthUser,
): Promise<BookListState> {
  const { table } = lists[kind];
  await ctx.db.delete(table).where(eq(table.userId, user.id));
  return getList(ctx, kind, user);
}

export const withTotal = (list: BookListState): Cart => ({
  ...list,
  total: penceToPounds(list.books.reduce((sum, book) => sum + poundsToPence(book.price), 0)),
});

/** PUT /api/cart/{id}: an e-book loan is one copy, so the only quantity is 1. */
export async function setCartQuantity(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
  quantity: number,
): Promise<Cart> {
  if (quantity !== 1) throw errors.cartQuantity();
  const [row] = await ctx.db
    .select({ bookId: cartItems.bookId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, user.id), eq(cartItems.bookId, bookId)));
  if (!row) throw errors.notInCart();
  return withTotal(await getList(ctx, "cart", user));
}
