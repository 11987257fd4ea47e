import type { Overview } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { staffLimits } from "@folio/contract/staff";
import { dayOf, nextMidnight, startOfDay } from "../../calendar";
import { HOUR } from "../../clock";
import type { AppContext } from "../../context";
import { penceToPounds } from "../../money";
import { countReaders } from "../accounts";
import { countActiveBooks } from "../catalogue";
import { loansPerDay, mostBorrowed, openLoanCounts } from "../circulation";
import { moneyPerDay } from "../payments";

/** Books the overview ranks by loans over its days. */
const MOST_BORROWED = 10;

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

/**
 * The staff console's first page: loans now, readers and books, and each of the last 30 days
 * (in the shop's time zone) of money and lending. Each figure is its table owner's aggregate,
 * all run side by side; days are bucketed in SQL against midnights computed here, so the
 * database needs no zone data.
 */
export async function overview(ctx: AppContext): Promise<Overview> {
  const now = ctx.clock.now();
  const zone = ctx.config.timeZone;
  const bounds = dayBounds(now, staffLimits.overviewDays, zone);
  const period = { start: bounds[0]!, end: bounds[bounds.length - 1]! };
  const db = ctx.db;
  const [loansNow, readers, books, money, lending, most] = await Promise.all([
    openLoanCounts(db, now),
    countReaders(db),
    countActiveBooks(db),
    moneyPerDay(db, bounds),
    loansPerDay(db, bounds),
    mostBorrowed(db, period, MOST_BORROWED),
  ]);
  return {
    state: "success",
    activeLoans: loansNow.open,
    overdueLoans: loansNow.overdue,
    dueSoonLoans: loansNow.dueSoon,
    holdsWaiting: null,
    readers,
    books,
    days: bounds.slice(0, -1).map((dayStart, i) => ({
      date: isoDay(dayStart, zone),
      topUps: penceToPounds(money[i]!.topUpsPence),
      loanCharges: penceToPounds(money[i]!.chargesPence),
      loans: lending[i]!,
    })),
    mostBorrowed: most.map((book) => ({
      bookId: wireId(book.bookId),
      title: book.title,
      author: book.author,
      loans: book.loans,
    })),
  };
}
