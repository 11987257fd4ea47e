import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client";

/**
 * The money and stock rules that must hold after anything: every balance equals the sum of its
 * ledger and is not negative; every book's available copies equal its copies minus open loans;
 * every loan has exactly one borrow charge. Answers the broken ones (empty when all hold).
 */
export async function brokenInvariants(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const balances = await queryRows<{ id: string; balance: number; ledger: number }>(
    db,
    sql`
    select u.id, u.balance_pence as balance, coalesce(sum(l.amount_pence), 0)::int as ledger
    from users u left join ledger l on l.user_id = u.id
    group by u.id having u.balance_pence <> coalesce(sum(l.amount_pence), 0) or u.balance_pence < 0`,
  );
  for (const row of balances)
    problems.push(`user ${row.id}: balance ${row.balance} but ledger ${row.ledger}`);

  const stock = await queryRows<{ id: number; available: number; expected: number }>(
    db,
    sql`
    select b.id, b.available_copies as available, b.total_copies - count(l.id)::int as expected
    from books b left join loans l on l.book_id = b.id and l.returned_at is null
    group by b.id having b.available_copies <> b.total_copies - count(l.id)::int or count(l.id) > b.total_copies`,
  );
  for (const row of stock)
    problems.push(`book ${row.id}: ${row.available} available but ${row.expected} expected`);

  const charges = await queryRows<{ id: number; charges: number }>(
    db,
    sql`
    select lo.id, count(le.id)::int as charges
    from loans lo left join ledger le on le.loan_id = lo.id and le.kind = 'borrow'
    group by lo.id having count(le.id) <> 1`,
  );
  for (const row of charges) problems.push(`loan ${row.id}: ${row.charges} borrow charges`);

  const orphans = await queryRows<{ id: number }>(
    db,
    sql`
    select id from ledger where kind in ('borrow', 'renewal') and loan_id is null`,
  );
  for (const row of orphans) problems.push(`ledger ${row.id}: a charge without its loan`);
  const ratings = await queryRows<{ id: number; rating: string | null; mean: string | null }>(
    db,
    sql`
    select b.id, b.rating::text as rating, round(avg(r.rating), 1)::text as mean
    from books b left join reviews r on r.book_id = b.id
    group by b.id
    having b.rating is distinct from round(avg(r.rating), 1)
      or b.rating_count <> count(r.id) or b.rating_sum <> coalesce(sum(r.rating), 0)`,
  );
  for (const row of ratings)
    problems.push(`book ${row.id}: rating ${row.rating} but reviews say ${row.mean}`);
  return problems;
}
