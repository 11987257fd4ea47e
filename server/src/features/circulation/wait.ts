import type { WaitDays } from "@folio/contract/holds";
import { sql } from "drizzle-orm";
import { DAY, MINUTE } from "../../clock";
import type { Executor } from "../../db/client";
import { books, holds, loans } from "../../db/schema";
import { estimateWaitsAt, MIN_OWN_LOANS, type WaitInputs } from "./estimate";

// What the wait of a hold is estimated from (design.md §7.2, decision 022): the book's copies,
// how long its loans really lasted over the last 180 days (of all books while it has too few),
// how long its open loans have run, its ready holds and how soon ready holds are borrowed.

const HISTORY_DAYS = 180;
/** The shop-wide history changes slowly: each process reads it again after this long. */
const SHOP_HISTORY_MS = 10 * MINUTE;
const SHOP_HISTORY_LOANS = 5000;

interface ShopHistory {
  readAt: number;
  loanDays: number[];
  pickupDays: number[];
  /** of the ready holds closed lately, the share that passed their copy on unborrowed */
  passShare: number;
}
const shopHistories = new WeakMap<object, ShopHistory>();

const numbers = (result: unknown): number[] =>
  (result as { rows: { v: number | string }[] }).rows.map((row) => Number(row.v));

async function shopHistory(db: Executor, now: Date): Promise<ShopHistory> {
  const kept = shopHistories.get(db);
  if (kept && Math.abs(now.getTime() - kept.readAt) < SHOP_HISTORY_MS) return kept;
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY);
  const loanDays = numbers(
    await db.execute(sql`
      select extract(epoch from (${loans.returnedAt} - ${loans.borrowedAt})) / 86400 as v
      from ${loans} where ${loans.returnedAt} >= ${since}
      order by ${loans.returnedAt} desc limit ${SHOP_HISTORY_LOANS}`),
  );
  const pickupDays = numbers(
    await db.execute(sql`
      select extract(epoch from (${holds.closedAt} - ${holds.readyAt})) / 86400 as v
      from ${holds}
      where ${holds.status} = 'borrowed' and ${holds.readyAt} is not null
        and ${holds.closedAt} >= ${since}
      order by ${holds.closedAt} desc limit ${SHOP_HISTORY_LOANS}`),
  );
  const [closed] = numbers(
    await db.execute(sql`
      select coalesce(avg(case when ${holds.status} = 'borrowed' then 0 else 1 end), 0) as v
      from ${holds}
      where ${holds.readyAt} is not null and ${holds.closedAt} >= ${since}`),
  );
  const history = { readAt: now.getTime(), loanDays, pickupDays, passShare: closed ?? 0 };
  shopHistories.set(db, history);
  return history;
}

/** Everything but the position: the same for every waiting hold of the book. */
export async function waitInputsFor(
  db: Executor,
  bookId: number,
  now: Date,
): Promise<Omit<WaitInputs, "position">> {
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY);
  const [own, open, ready, copies, shop] = await Promise.all([
    db.execute(sql`
      select extract(epoch from (${loans.returnedAt} - ${loans.borrowedAt})) / 86400 as v
      from ${loans} where ${loans.bookId} = ${bookId} and ${loans.returnedAt} >= ${since}`),
    db.execute(sql`
      select extract(epoch from (${now}::timestamptz - ${loans.borrowedAt})) / 86400 as v
      from ${loans} where ${loans.bookId} = ${bookId} and ${loans.returnedAt} is null`),
    db.execute(sql`
      select extract(epoch from (${holds.readyUntil} - ${now}::timestamptz)) / 3600 as v
      from ${holds} where ${holds.bookId} = ${bookId} and ${holds.status} = 'ready'`),
    db.execute(sql`select ${books.totalCopies} as v from ${books} where ${books.id} = ${bookId}`),
    shopHistory(db, now),
  ]);
  const ownDays = numbers(own);
  return {
    copies: numbers(copies)[0] ?? 0,
    loanDays: ownDays.length >= MIN_OWN_LOANS ? ownDays : shop.loanDays,
    openLoanAges: numbers(open),
    readyHoursLeft: numbers(ready).map((hours) => Math.max(0, hours)),
    pickupDays: shop.pickupDays,
    passShare: shop.passShare,
  };
}

/** The estimated wait of the holds at these places in the book's queue. */
export async function estimateWaits(
  db: Executor,
  bookId: number,
  positions: number[],
  now: Date,
): Promise<WaitDays[]> {
  if (positions.length === 0) return [];
  // One run of the model for the whole queue: a later place never gets an earlier range.
  return estimateWaitsAt(await waitInputsFor(db, bookId, now), positions);
}
