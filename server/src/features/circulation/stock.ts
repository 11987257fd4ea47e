import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client";
import { books, holds, loans } from "../../db/schema";
import { errors } from "../../errors";

// The stock of copies (decision 035): the columns of `books` that count copies and lends
// (total_copies, available_copies, borrow_times, loan_cap, recent_loans) belong to circulation.
// The catalogue makes a book with its first copies; every change after that is here.

/** What lending needs of each book asked for, its row locked for the rest of the transaction. */
export async function lockBooksForLending(tx: Transaction, bookIds: number[]) {
  // Book rows in id order, so two borrowers lock them in the same order and never deadlock.
  return tx
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      pricePence: books.pricePence,
      availableCopies: books.availableCopies,
      borrowTimes: books.borrowTimes,
      loanCap: books.loanCap,
      // A retired book is lent to no one (design.md §7.1); its open loans go on.
      retiredAt: books.retiredAt,
    })
    .from(books)
    .where(inArray(books.id, bookIds))
    .orderBy(books.id)
    .for("update");
}

/**
 * Lends one copy of each book. A copy comes off the shelf, unless it was kept for the reader's
 * ready hold (`kept`): that one is off the shelf already. The loans in `spendingLicence` are new
 * lends of the book's licence and count for Popular; a loan again of a book the reader had this
 * month is neither. The CHECK on available_copies backs up the caller's lock: never below zero.
 */
export async function takeCopies(
  tx: Transaction,
  bookIds: number[],
  spendingLicence: number[],
  kept: number[] = [],
): Promise<void> {
  if (bookIds.length === 0) return;
  const spends = spendingLicence.length > 0 ? inArray(books.id, spendingLicence) : sql`false`;
  const fromShelf = kept.length > 0 ? sql`not ${inArray(books.id, kept)}` : sql`true`;
  await tx
    .update(books)
    .set({
      availableCopies: sql`${books.availableCopies} - (case when ${fromShelf} then 1 else 0 end)`,
      borrowTimes: sql`${books.borrowTimes} + (case when ${spends} then 1 else 0 end)`,
      recentLoans: sql`${books.recentLoans} + (case when ${spends} then 1 else 0 end)`,
    })
    .where(inArray(books.id, bookIds));
}

/**
 * Sets each book's count of new lends in the last 30 days (Popular's order) from `recentLends`,
 * a query of (book_id, n) rows, in one statement; books with none go back to 0.
 */
export async function setRecentLoans(tx: Transaction, recentLends: SQL): Promise<void> {
  await tx.execute(sql`
    update ${books} set recent_loans = coalesce(recent.n, 0)
    from (
      select b.id, r.n
      from ${books} b left join (${recentLends}) r on r.book_id = b.id
      where b.recent_loans > 0 or r.n is not null
    ) recent
    where ${books.id} = recent.id and ${books.recentLoans} <> coalesce(recent.n, 0)`);
}

/** Puts a copy back on the shelf; answers the book's title and author. */
export async function putCopyBack(
  tx: Transaction,
  bookId: number,
): Promise<{ title: string; author: string } | null> {
  const [book] = await tx
    .update(books)
    .set({ availableCopies: sql`${books.availableCopies} + 1` })
    .where(eq(books.id, bookId))
    .returning({ title: books.title, author: books.author });
  return book ?? null;
}

/**
 * Keeps a copy off the shelf for a reader's ready hold (design.md §7.2): available copies count
 * it out. The caller holds the book's row; the CHECK refuses to go below zero.
 */
export async function keepCopy(tx: Transaction, bookId: number): Promise<void> {
  await tx
    .update(books)
    .set({ availableCopies: sql`${books.availableCopies} - 1` })
    .where(eq(books.id, bookId));
}

/**
 * The copies of a book that are not on the shelf: on loan now, and kept for a reader's ready
 * hold. A book's copies may never be fewer than these together.
 */
export async function lentOrHeld(
  tx: Executor,
  bookId: number,
): Promise<{ lent: number; held: number }> {
  const [open] = await tx
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.bookId, bookId), isNull(loans.returnedAt)));
  const [ready] = await tx
    .select({ n: count() })
    .from(holds)
    .where(and(eq(holds.bookId, bookId), eq(holds.status, "ready")));
  return { lent: open?.n ?? 0, held: ready?.n ?? 0 };
}

/** What staff may change of a book's stock: its copies, and the lends its licence has left. */
export interface StockChanges {
  copies?: number;
  lendsLeft?: number;
}

/**
 * Changes a book's copies and lends left, its row locked. Copies never go below lentOrHeld
 * (409); the copies on the shelf move by the same number. Lends left sets the licence: loan
 * cap = loans made + lends left. Answers the fields as they were and are, and how many copies
 * were added (the caller serves the queue with them). 404 for an unknown book.
 */
export async function changeStock(
  tx: Transaction,
  bookId: number,
  changes: StockChanges,
): Promise<{ before: StockChanges; after: StockChanges; added: number }> {
  const [row] = await tx
    .select({
      totalCopies: books.totalCopies,
      availableCopies: books.availableCopies,
      borrowTimes: books.borrowTimes,
      loanCap: books.loanCap,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .for("update");
  if (!row) throw errors.bookNotFound();
  const set: { totalCopies?: number; availableCopies?: number; loanCap?: number } = {};
  const lendsLeft = (loanCap: number) => Math.max(0, loanCap - row.borrowTimes);
  const before: StockChanges = {};
  const after: StockChanges = {};
  let added = 0;
  if (changes.copies !== undefined && changes.copies !== row.totalCopies) {
    const { lent, held } = await lentOrHeld(tx, bookId);
    // What the row says is off the shelf counts too, should it ever say more than the loans.
    const offShelf = Math.max(lent + held, row.totalCopies - row.availableCopies);
    if (changes.copies < offShelf)
      throw errors.copiesBelowLent(Math.max(lent, offShelf - held), held);
    const delta = changes.copies - row.totalCopies;
    set.totalCopies = changes.copies;
    set.availableCopies = row.availableCopies + delta;
    added = Math.max(0, delta);
    before.copies = row.totalCopies;
    after.copies = changes.copies;
  }
  if (changes.lendsLeft !== undefined) {
    set.loanCap = row.borrowTimes + changes.lendsLeft;
    if (lendsLeft(set.loanCap) !== lendsLeft(row.loanCap)) {
      before.lendsLeft = lendsLeft(row.loanCap);
      after.lendsLeft = lendsLeft(set.loanCap);
    }
  }
  if (Object.keys(set).length > 0) await tx.update(books).set(set).where(eq(books.id, bookId));
  return { before, after, added };
}

/**
 * Sets a book's copies from a new edition of it (the import), its row locked: those on loan stay
 * lent, the rest are on the shelf. Answers the copies on loan when `copies` is fewer than that,
 * and changes nothing then; else null.
 */
export async function setEditionCopies(
  tx: Transaction,
  book: { id: number; totalCopies: number; availableCopies: number },
  copies: number,
): Promise<{ lent: number } | null> {
  const lent = book.totalCopies - book.availableCopies;
  if (copies < lent) return { lent };
  await tx
    .update(books)
    .set({ totalCopies: copies, availableCopies: copies - lent })
    .where(eq(books.id, book.id));
  return null;
}
