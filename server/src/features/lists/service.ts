import type { BookListState, Cart } from "@folio/contract/lists";
import { ALREADY_PRESENT_STATE, MAX_CART_ITEMS } from "@folio/contract/constants";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { books, cartItems, wishlistItems } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "../accounts/auth";
import { findBooks } from "../catalogue/service";

/** The cart and the wishlist are the same thing in two tables: a reader's set of books. */
export type ListTable = typeof cartItems | typeof wishlistItems;

const labels = new Map<ListTable, { name: string; present: string }>([
  [cartItems, { name: "cart", present: "This book is already in your cart" }],
  [wishlistItems, { name: "wishlist", present: "This book is already in your wishlist" }],
]);

async function listIds(db: Executor, table: ListTable, userId: string): Promise<number[]> {
  const rows = await db
    .select({ bookId: table.bookId })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.addedAt), asc(table.bookId));
  return rows.map((row) => row.bookId);
}

export async function getList(
  ctx: AppContext,
  table: ListTable,
  user: AuthUser,
  state = "success",
  message?: string,
): Promise<BookListState> {
  const ids = await listIds(ctx.db, table, user.id);
  const list = await findBooks(ctx.db, ids);
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
