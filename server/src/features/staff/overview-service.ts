import type { Overview } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { staffLimits } from "@folio/contract/staff";
import { sql } from "drizzle-orm";
import { dayOf, nextMidnight, startOfDay } from "../../calendar";
import { DAY, HOUR } from "../../clock";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";
import { penceToPounds } from "../../money";
import { DUE_SOON_DEFAULT_DAYS } from "./loans-list";

/**
 * The midnights that begin each of the last `days` days in a time zone, oldest first, and the
 * one that ends today: days + 1 instants, so day i runs from bounds[i] to bounds[i + 1].
 */
export function dayBounds(now: Date, days: number, timeZone: string): Date[] {
  const starts = [startOfDay(now, timeZone)];
  while (starts.length < days)
    starts.unshift(startOfDay(new Date(starts[0]!.getTime() - HOUR), timeZone));
  return [...starts, nextMidnight(now, timeZone)];
}

const isoDay = (instant: Date, timeZone: string) =>
  new Date(dayOf(instant, timeZone)).toISOString().slice(0, 10);

/** A PostgreSQL array literal of instants: ISO text holds no comma, quote or brace. */
const instants = (bounds: Date[]) =>
  sql`${`{${bounds.map((b) => b.toISOString()).join(",")}}`}::timestamptz[]`;

interface Counts {
  active: number;
  overdue: number;
  due_soon: number;
  readers: number;
  books: number;
}

/**
 * The staff console's first page: loans now, readers and books, and each of the last 30 days
 * (in the shop's time zone) of money and lending. Four aggregate queries, run side by side;
 * days are bucketed in SQL against midnights computed here, so the database needs no zone data.
 */
export async function overview(ctx: AppContext): Promise<Overview> {
  const now = ctx.clock.now();
  const zone = ctx.config.timeZone;
  const bounds = dayBounds(now, staffLimits.overviewDays, zone);
  const start = bounds[0]!;
  const end = bounds[bounds.length - 1]!;
  const soon = new Date(now.getTime() + DUE_SOON_DEFAULT_DAYS * DAY);
  const db = ctx.db;
  const [[counts], money, lending, most] = await Promise.all([
    queryRows<Counts>(
      db,
      sql`select
        count(*)::int as active,
        (count(*) filter (where due_at < ${now}))::int as overdue,
        (count(*) filter (where due_at >= ${now} and due_at < ${soon}))::int as due_soon,
        (select count(*)::int from users where role = 'reader') as readers,
        (select count(*)::int from books where retired_at is null) as books
      from loans where returned_at is null`,
    ),
    queryRows<{ day: number; topups: number; charges: number }>(
      db,
      sql`select width_bucket(created_at, ${instants(bounds)}) as day,
        coalesce(sum(amount_pence) filter (where kind = 'topup'), 0)::int as topups,
        (coalesce(-sum(amount_pence) filter (where kind in ('borrow', 'renewal')), 0)
          - coalesce(sum(amount_pence) filter (where kind = 'refund'), 0))::int as charges
      from ledger where created_at >= ${start} and created_at < ${end}
      group by 1`,
    ),
    queryRows<{ day: number; loans: number }>(
      db,
      sql`select width_bucket(borrowed_at, ${instants(bounds)}) as day, count(*)::int as loans
      from loans where borrowed_at >= ${start} and borrowed_at < ${end}
      group by 1`,
    ),
    queryRows<{ book_id: number; title: string; author: string; loans: number }>(
      db,
      sql`select b.id as book_id, b.title, b.author, l.loans
      from (select book_id, count(*)::int as loans from loans
            where borrowed_at >= ${start} and borrowed_at < ${end}
            group by book_id order by count(*) desc, book_id limit 10) l
      join books b on b.id = l.book_id
      order by l.loans desc, b.title, b.id`,
    ),
  ]);
  const moneyOn = new Map(money.map((row) => [Number(row.day), row]));
  const loansOn = new Map(lending.map((row) => [Number(row.day), Number(row.loans)]));
  return {
    state: "success",
    activeLoans: Number(counts?.active ?? 0),
    overdueLoans: Number(counts?.overdue ?? 0),
    dueSoonLoans: Number(counts?.due_soon ?? 0),
    holdsWaiting: null,
    readers: Number(counts?.readers ?? 0),
    books: Number(counts?.books ?? 0),
    days: bounds.slice(0, -1).map((dayStart, i) => {
      // width_bucket counts from 1: the first day's rows are bucket 1.
      const day = moneyOn.get(i + 1);
      return {
        date: isoDay(dayStart, zone),
        topUps: penceToPounds(Number(day?.topups ?? 0)),
        loanCharges: penceToPounds(Number(day?.charges ?? 0)),
        loans: loansOn.get(i + 1) ?? 0,
      };
    }),
    mostBorrowed: most.map((row) => ({
      bookId: wireId(Number(row.book_id)),
      title: row.title,
      author: row.author,
      loans: Number(row.loans),
    })),
  };
}
