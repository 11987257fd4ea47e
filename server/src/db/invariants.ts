/**
 * The money, stock and mail rules that must hold after anything, as plain SQL so that the
 * server's tests (through Drizzle) and the reliability suite (through `pg` or PGlite, against a
 * running or a crashed server's database) check the very same things. Each query answers the
 * rows that break its rule, with a `problem` column saying how; none at all when it holds.
 */
export interface InvariantCheck {
  rule: string;
  sql: string;
}

export const invariantChecks: readonly InvariantCheck[] = [
  {
    // Every kind of row counts: top-ups, charges, staff adjustments and refunds alike.
    rule: "every balance equals the sum of its ledger and is not negative",
    sql: `
    select 'user ' || u.id || ': balance ' || u.balance_pence || ' but ledger '
      || coalesce(sum(l.amount_pence), 0) as problem
    from users u left join ledger l on l.user_id = u.id
    group by u.id
    having u.balance_pence <> coalesce(sum(l.amount_pence), 0) or u.balance_pence < 0`,
  },
  {
    // design.md §7.2: a ready hold keeps a copy off the shelf as a loan does.
    rule: "every book's open loans and ready holds are at most its copies, and available = copies - open loans - ready holds",
    sql: `
    select 'book ' || b.id || ': ' || b.available_copies || ' available, '
      || b.total_copies || ' copies, ' || coalesce(l.n, 0) || ' open loans, '
      || coalesce(h.n, 0) || ' ready holds' as problem
    from books b
    left join (select book_id, count(*)::int as n from loans where returned_at is null
      group by book_id) l on l.book_id = b.id
    left join (select book_id, count(*)::int as n from holds where status = 'ready'
      group by book_id) h on h.book_id = b.id
    where b.available_copies <> b.total_copies - coalesce(l.n, 0) - coalesce(h.n, 0)
      or coalesce(l.n, 0) + coalesce(h.n, 0) > b.total_copies or b.available_copies < 0`,
  },
  {
    rule: "no hold waits while a copy of its book is free",
    sql: `
    select 'book ' || b.id || ': ' || b.available_copies || ' available while '
      || count(h.id) || ' holds wait' as problem
    from books b join holds h on h.book_id = b.id and h.status = 'waiting'
    where b.available_copies > 0
    group by b.id, b.available_copies`,
  },
  {
    rule: "no reader holds a book they have on loan",
    sql: `
    select 'hold ' || h.id || ': ' || h.status || ' while its reader has loan ' || l.id
      as problem
    from holds h join loans l on l.user_id = h.user_id and l.book_id = h.book_id
      and l.returned_at is null
    where h.status in ('waiting', 'ready')`,
  },
  {
    rule: "every loan has exactly one borrow charge",
    sql: `
    select 'loan ' || lo.id || ': ' || count(le.id) || ' borrow charges' as problem
    from loans lo left join ledger le on le.loan_id = lo.id and le.kind = 'borrow'
    group by lo.id having count(le.id) <> 1`,
  },
  {
    rule: "no charge without its loan",
    sql: `
    select 'ledger ' || le.id || ': a ' || le.kind || ' charge without its loan' as problem
    from ledger le left join loans lo on lo.id = le.loan_id
    where le.kind in ('borrow', 'renewal') and lo.id is null`,
  },
  {
    rule: "no reader spends a second lend of a book's licence within 30 days of having it",
    sql: `
    select 'loan ' || b.id || ': spent a lend of book ' || b.book_id
      || ' though its reader had it until ' || a.returned_at as problem
    from loans a join loans b on b.user_id = a.user_id and b.book_id = a.book_id and b.id > a.id
    where b.licence_spent and a.returned_at is not null
      and b.borrowed_at < a.returned_at + interval '30 days'`,
  },
  {
    rule: "no book is lent past its licence",
    sql: `
    select 'book ' || b.id || ': ' || count(l.id) || ' lends spent, '
      || b.borrow_times || ' counted, licence of ' || b.loan_cap as problem
    from books b left join loans l on l.book_id = b.id and l.licence_spent
    group by b.id
    having count(l.id) > b.loan_cap or count(l.id) > b.borrow_times`,
  },
  {
    rule: "renewals never stack: no loan is due more than 60 days after its last charge",
    sql: `
    select 'loan ' || lo.id || ': due ' || lo.due_at || ', last charged ' || max(le.created_at)
      as problem
    from loans lo join ledger le on le.loan_id = lo.id and le.kind in ('borrow', 'renewal')
    where lo.returned_at is null
    group by lo.id
    having lo.due_at > max(le.created_at) + interval '60 days'`,
  },
  {
    rule: "every book's rating is the mean of its reviews that are not hidden",
    sql: `
    select 'book ' || b.id || ': rating ' || coalesce(b.rating::text, 'none')
      || ' but reviews say ' || coalesce(round(avg(r.rating), 1)::text, 'none') as problem
    from books b left join reviews r on r.book_id = b.id and r.hidden_at is null
    group by b.id
    having b.rating is distinct from round(avg(r.rating), 1)
      or b.rating_count <> count(r.id) or b.rating_sum <> coalesce(sum(r.rating), 0)`,
  },
  {
    rule: "refunds of a charge never exceed it, and each gives back a borrow or renewal charge",
    sql: `
    select 'ledger ' || c.id || ': a ' || c.kind || ' of ' || c.amount_pence || ' with '
      || sum(r.amount_pence) || ' refunded' as problem
    from ledger r join ledger c on c.id = r.refund_of
    where r.kind = 'refund'
    group by c.id, c.kind, c.amount_pence
    having c.kind not in ('borrow', 'renewal') or sum(r.amount_pence) > -c.amount_pence`,
  },
  {
    rule: "every staff adjustment and refund has its reason and a refund names its charge",
    sql: `
    select 'ledger ' || id || ': a ' || kind || ' without '
      || case when reason is null or btrim(reason) = '' then 'a reason' else 'its charge' end
      as problem
    from ledger
    where kind in ('adjustment', 'refund')
      and (reason is null or btrim(reason) = '' or (kind = 'refund') <> (refund_of is not null))`,
  },
  {
    rule: "every mail in the outbox is delivered or still pending",
    sql: `
    select 'mail ' || id || ': neither sent nor due to be tried again' as problem
    from outbox where sent_at is null and next_attempt_at is null`,
  },
  {
    rule: "every return of a reader's loan has its return mail",
    sql: `
    select 'loan ' || lo.id || ': returned without a return mail' as problem
    from loans lo join users u on u.id = lo.user_id
    left join outbox o on o.dedupe_key = 'return:' || lo.id
    where lo.returned_at is not null and o.id is null`,
  },
];
