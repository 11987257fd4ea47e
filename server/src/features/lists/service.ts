import type { BookListState, Cart } from "@folio/contract/lists";
import { ALREADY_PRESENT_STATE, MAX_CART_ITEMS } from "@folio/contract/constants";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { FastifyRequest } from "fastify";
import { batchPerDatabase, perDatabase } from "../../db/batch";
import { keyReadsOf, type Database, type Executor } from "../../db/client";
import { jsonArrayOf } from "../../db/json";
import { books, cartItems, sessions, wishlistItems } from "../../db/schema";
import { errors } from "../../errors";
import { requireLive, sessionStateColumns, tokenHashOf, type AuthUser } from "../accounts/auth";
import type { Book } from "@folio/contract/catalogue";
import { presentBook, type ListedBookRow } from "../catalogue/presenter";
import {
  categoryName as categoryNameOf,
  findBooks,
  listedBookOwnColumns,
} from "../catalogue/service";

/** The cart and the wishlist are the same thing in two tables: a reader's set of books. */
export type ListTable = typeof cartItems | typeof wishlistItems;

const labels = new Map<ListTable, { name: string; present: string }>([
  [cartItems, { name: "cart", present: "This book is already in your cart" }],
  [wishlistItems, { name: "wishlist", present: "This book is already in your wishlist" }],
]);

/**
 * A reader's own list, read with their session in one query, for all the readers who ask in
 * the same turn of the event loop: the commonest calls of a logged-in reader cost one round
 * trip per batch rather than three per request. Read after each request arrived, so a logout
 * takes effect at once and a reader always sees their own last change.
 */
function listQuery(db: Database, table: ListTable) {
  const reads = keyReadsOf(db);
  // Each session's books as one JSON text in the order they were added (db/json.ts), read by
  // a subquery per session: index lookups whatever the plan guesses of the number of keys.
  const listed = reads
    .select({
      json: jsonArrayOf(listedBookOwnColumns, [sql`${table.addedAt}`, sql`${table.bookId}`]),
    })
    .from(table)
    .innerJoin(books, eq(books.id, table.bookId))
    .where(eq(table.userId, sessions.userId));
  return reads
    .select({ session: sessionStateColumns, books: sql<string>`(${listed})` })
    .from(sessions)
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder("hashes")}::text[])`)
    .prepare(`lists_${table === cartItems ? "cart" : "wishlist"}_by_token`);
}

/** One reader's list as read with their session; `json` is its answer, made once per read. */
interface OwnList {
  session: Pick<typeof sessions.$inferSelect, keyof typeof sessionStateColumns>;
  books: Book[];
  json?: string;
}

function listBatchOf(table: ListTable) {
  const statement = perDatabase((db) => listQuery(db, table));
  return batchPerDatabase(
    async (db, tokenHashes: string[]) => {
      const rows = await statement(db).execute({ hashes: tokenHashes });
      const lists = new Map<string, OwnList>();
      for (const row of rows) {
        const listed = JSON.parse(row.books) as Omit<ListedBookRow, "categoryName">[];
        const list: OwnList = { session: row.session, books: [] };
        for (const own of listed) {
          const categoryName = (await categoryNameOf(db, own.categoryId)) ?? "";
          list.books.push(presentBook({ ...own, categoryName }));
        }
        lists.set(row.session.tokenHash, list);
      }
      return lists;
    },
    { keepUntilWrite: 2_000 },
  );
}
const cartBatch = listBatchOf(cartItems);
const wishlistBatch = listBatchOf(wishlistItems);

/**
 * The caller's cart (with its total) or wishlist as JSON text, from the request's bearer token
 * (401 without a live one). Every request answered by the same read (the readers of one batch,
 * or a kept answer on the embedded database) is sent the same text, serialised once.
 */
export async function getOwnListJson(
  ctx: AppContext,
  table: ListTable,
  request: FastifyRequest,
): Promise<string> {
  const batch = table === cartItems ? cartBatch : wishlistBatch;
  const found = await batch(ctx.db).load(tokenHashOf(request));
  requireLive(found?.session, ctx.clock.now());
  // requireLive has refused a token with no session, so there is a list.
  const own = found!;
  if (own.json === undefined) {
    const list: BookListState = {
      state: "success",
      bookId: own.books.map((b) => b.bookId),
      books: own.books,
    };
    own.json = JSON.stringify(table === cartItems ? withTotal(list) : list);
  }
  return own.json;
}

async function listIds(db: Executor, table: ListTable, userId: string): Promise<number[]> {
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
  table: ListTable,
  user: AuthUser,
  state = "success",
  message?: string,
): Promise<BookListState> {
  const list = await findBooks(ctx.db, await listIds(ctx.db, table, user.id));
  return { state, ...(message ? { message } : {}), bookId: list.map((b) => b.bookId), books: list };
}

/**
 * Adds books; unknown ids are a 404 and add nothing. When every book asked for was already
 * there the state is " exist." (spec.md §7), so a client can say so.
 */
export async function addToList(
  ctx: AppContext,
  table: ListTable,
  user: AuthUser,
  bookIds: number[],
): Promise<BookListState> {
  const label = labels.get(table)!;
  const now = ctx.clock.now();
  const added = await ctx.db.transaction(async (tx) => {
    const known = await tx.select({ id: books.id }).from(books).where(inArray(books.id, bookIds));
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
    ? getList(ctx, table, user, ALREADY_PRESENT_STATE, label.present)
    : getList(ctx, table, user);
}

export async function removeFromList(
  ctx: AppContext,
  table: ListTable,
  user: AuthUser,
  bookIds: number[],
): Promise<BookListState> {
  await ctx.db.delete(table).where(and(eq(table.userId, user.id), inArray(table.bookId, bookIds)));
  return getList(ctx, table, user);
}

export async function clearList(
  ctx: AppContext,
  table: ListTable,
  user: AuthUser,
): Promise<BookListState> {
  await ctx.db.delete(table).where(eq(table.userId, user.id));
  return getList(ctx, table, user);
}

export const withTotal = (list: BookListState): Cart => ({
  ...list,
  total: Math.round(list.books.reduce((sum, book) => sum + Math.round(book.price * 100), 0)) / 100,
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
  return withTotal(await getList(ctx, cartItems, user));
}
