import { wireId } from "@folio/contract/common";
import { DEFAULT_PAGE_SIZE } from "@folio/contract/constants";
import type { LedgerKind, Statement, StatementRequest } from "@folio/contract/payments";
import { desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { books, ledger, loans } from "../../db/schema";
import { penceToPounds } from "../../money";
import type { AuthUser } from "../accounts";
import { runningLedger } from "./running-ledger";

/**
 * Payment Records as a statement (decision 018): every ledger row of the reader, newest first,
 * a page at a time, each with the balance right after it (runningLedger). Staff adjustments and
 * refunds are rows like the rest; a refund carries its charge's loan, so it names the book it
 * gives money back for.
 */
export async function statementOf(
  ctx: AppContext,
  user: AuthUser,
  request: StatementRequest,
): Promise<Statement> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const running = runningLedger(ctx.db, user.id);
  // One snapshot for the page and the totals: a top-up landing between the two reads must not
  // leave the balance at the top disagreeing with the newest row's.
  const { rows, totals } = await ctx.db.transaction(
    async (tx) => {
      const rows = await tx
        .select({
          id: running.id,
          kind: running.kind,
          amountPence: running.amountPence,
          createdAt: running.createdAt,
          balancePence: running.balancePence,
          bookId: loans.bookId,
          title: books.title,
        })
        .from(running)
        .leftJoin(loans, eq(loans.id, running.loanId))
        .leftJoin(books, eq(books.id, loans.bookId))
        .orderBy(desc(running.createdAt), desc(running.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [totals] = await tx
        .select({
          total: sql<number>`count(*)::int`.mapWith(Number),
          balancePence: sql<number>`coalesce(sum(${ledger.amountPence}), 0)::int`.mapWith(Number),
        })
        .from(ledger)
        .where(eq(ledger.userId, user.id));
      return { rows, totals };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return {
    state: "success",
    entries: rows.map((row) => ({
      id: wireId(row.id),
      kind: row.kind as LedgerKind,
      amount: penceToPounds(row.amountPence),
      date: row.createdAt.toISOString(),
      bookId: row.bookId === null ? null : wireId(row.bookId),
      bookTitle: row.title,
      balanceAfter: penceToPounds(row.balancePence),
    })),
    page,
    pageSize,
    total: totals?.total ?? 0,
    balance: penceToPounds(totals?.balancePence ?? 0),
  };
}
