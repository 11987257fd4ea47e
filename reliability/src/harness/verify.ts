import { brokenInvariants, type Sql } from "./database";
import type { Acknowledged } from "./load";
import type { MailReceiver } from "./mail";

/**
 * The invariants, and that everything the server acknowledged is still there: each loan and
 * payment it answered with, each return it confirmed, a borrow mail for each borrow. Answers
 * the problems found; empty when all holds.
 */
export async function verifyAll(sql: Sql, acknowledged?: Acknowledged): Promise<string[]> {
  const problems = await brokenInvariants(sql);
  if (!acknowledged) return problems;

  const loanIds = [...acknowledged.loanIds];
  const loans = await sql.query<{ id: string }>(
    "select id::text from loans where id = any($1::bigint[])",
    [loanIds],
  );
  if (loans.length !== loanIds.length)
    problems.push(`acknowledged loans lost: ${loanIds.length - loans.length} of ${loanIds.length}`);

  const paymentIds = [...acknowledged.paymentIds];
  const payments = await sql.query<{ id: string }>(
    "select id::text from ledger where kind = 'topup' and id = any($1::bigint[])",
    [paymentIds],
  );
  if (payments.length !== paymentIds.length)
    problems.push(
      `acknowledged top-ups lost: ${paymentIds.length - payments.length} of ${paymentIds.length}`,
    );

  const returns = [...acknowledged.returns];
  const open = await sql.query<{ id: string }>(
    "select id::text from loans where id = any($1::bigint[]) and returned_at is null",
    [returns],
  );
  if (open.length > 0) problems.push(`acknowledged returns undone: ${open.length}`);

  const staffEntries = [...acknowledged.staffEntries];
  const staff = await sql.query<{ id: string }>(
    "select id::text from ledger where kind in ('refund', 'adjustment') and id = any($1::bigint[])",
    [staffEntries],
  );
  if (staff.length !== staffEntries.length)
    problems.push(
      `acknowledged refunds and adjustments lost: ${staffEntries.length - staff.length} of ${staffEntries.length}`,
    );

  // A hold placed stays, whatever becomes of it (waiting, ready, borrowed, cancelled, expired),
  // unless its reader's account was deleted.
  const holdIds = [...acknowledged.holdIds];
  const holds = await sql.query<{ id: string }>(
    "select id::text from holds where id = any($1::bigint[])",
    [holdIds],
  );
  if (holds.length !== holdIds.length)
    problems.push(`acknowledged holds lost: ${holdIds.length - holds.length} of ${holdIds.length}`);

  const [mails] = await sql.query<{ n: number }>(
    "select count(*)::int as n from outbox where type = 'borrow'",
  );
  if ((mails?.n ?? 0) < acknowledged.borrowMails)
    problems.push(`borrow mails lost: ${acknowledged.borrowMails} borrows, ${mails?.n ?? 0} mails`);
  return problems;
}

/** Mail not yet delivered, and how many were sent. */
export async function outboxState(sql: Sql): Promise<{ pending: number; sent: number }> {
  const [row] = await sql.query<{ pending: number; sent: number }>(
    `select count(*) filter (where sent_at is null)::int as pending,
            count(*) filter (where sent_at is not null)::int as sent from outbox`,
  );
  return row ?? { pending: 0, sent: 0 };
}

/** Waits until the outbox is empty of pending mail, or the time is up; answers what is left. */
export async function drainOutbox(sql: Sql, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { pending } = await outboxState(sql);
    if (pending === 0 || Date.now() > deadline) return pending;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Holds by status: what the readers' queues came to. */
export async function holdCounts(sql: Sql): Promise<Record<string, number>> {
  const rows = await sql.query<{ status: string; n: number }>(
    "select status, count(*)::int as n from holds group by status order by status",
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** The outbox's mails the receiver never got, by id; empty when every one arrived. */
export async function mailsNotArrived(sql: Sql, mail: MailReceiver): Promise<string[]> {
  const rows = await sql.query<{ id: string }>("select id::text from outbox order by id");
  const received = new Set(mail.outboxIds());
  return rows.map((row) => row.id).filter((id) => !received.has(Number(id)));
}
