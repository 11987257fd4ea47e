import type {
  ReaderDetail,
  ReaderSummary,
  Readers,
  readersQuerySchema,
  Role,
} from "@folio/contract/admin";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client";
import { users } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds } from "../../money";
import { staffLedgerOf } from "../payments";
import { loansOfReader, STAFF_PAGE_SIZE } from "./loans-list";
import { reviewsOfReader } from "./reviews-list";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a reader's page shows at most. */
const DETAIL_LOANS = 100;
const DETAIL_LEDGER = 200;

// Named in full: a select from one table writes its columns without the table's name.
const openLoans = sql<number>`(select count(*)::int from loans
  where loans.user_id = users.id and loans.returned_at is null)`.mapWith(Number);

function selectSummaries(db: Executor) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: sql<Role>`${users.role}`,
      balancePence: users.balancePence,
      createdAt: users.createdAt,
      blockedAt: users.blockedAt,
      openLoans,
    })
    .from(users);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["execute"]>>[number];

function presentSummary(row: SummaryRow): ReaderSummary {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    balance: penceToPounds(row.balancePence),
    createdAt: row.createdAt.toISOString(),
    blockedAt: row.blockedAt?.toISOString() ?? null,
    openLoans: row.openLoans,
  };
}

/** Accounts by part of a name or email, by name. */
export async function listReaders(
  db: Executor,
  query: z.output<typeof readersQuerySchema>,
): Promise<Readers> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(users.name), asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    state: "success",
    readers: rows.map(presentSummary),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** One account as the console shows it; 404 when there is none. */
export async function readerSummary(db: Executor, userId: string): Promise<ReaderSummary> {
  const [row] = await selectSummaries(db).where(eq(users.id, userId));
  if (!row) throw errors.readerNotFound();
  return presentSummary(row);
}

/** A reader's page: the account, its loans, its ledger and its reviews (hidden ones too). */
export async function readerDetail(db: Database, userId: string, now: Date): Promise<ReaderDetail> {
  // One snapshot, so the balance agrees with the ledger's newest row.
  return db.transaction(
    async (tx) => {
      const reader = await readerSummary(tx, userId);
      const [loanList, ledgerList, reviewList] = await Promise.all([
        loansOfReader(tx, userId, now, DETAIL_LOANS),
        staffLedgerOf(tx, userId, { limit: DETAIL_LEDGER }),
        reviewsOfReader(tx, userId),
      ]);
      return {
        state: "success" as const,
        reader,
        loans: loanList,
        ledger: ledgerList,
        reviews: reviewList,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
