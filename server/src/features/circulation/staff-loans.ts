import type { AdminLoan, AdminLoans, adminLoansQuerySchema } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { DAY } from "../../clock";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { books, loans, users } from "../../db/schema";
import { penceToPounds } from "../../money";

// What the staff console reads of loans (design.md §7.1), each with its book and reader. Reads
// only: the writes to `loans` are borrow.ts's, loans.ts's and lifecycle.ts's.

type AdminLoansQuery = z.output<typeof adminLoansQuerySchema>;

/** The days ahead "due soon" looks when the query names none. */
export const DUE_SOON_DEFAULT_DAYS = 3;

const adminLoanColumns = {
  id: loans.id,
  bookId: loans.bookId,
  title: books.title,
  author: books.author,
  userId: loans.userId,
  readerName: users.name,
  readerEmail: users.email,
  borrowedAt: loans.borrowedAt,
  dueAt: loans.dueAt,
  returnedAt: loans.returnedAt,
  pricePence: loans.pricePence,
};

function selectAdminLoans(db: Executor) {
  return db
    .select(adminLoanColumns)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .leftJoin(users, eq(users.id, loans.userId));
}

type AdminLoanRow = Awaited<ReturnType<ReturnType<typeof selectAdminLoans>["execute"]>>[number];

function presentAdminLoan(row: AdminLoanRow, now: Date): AdminLoan {
  const overdue = !row.returnedAt && row.dueAt.getTime() < now.getTime();
  return {
    loanId: wireId(row.id),
    bookId: wireId(row.bookId),
    title: row.title,
    author: row.author,
    userId: row.userId,
    readerName: row.readerName,
    readerEmail: row.readerEmail,
    borrowedAt: row.borrowedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    returnedAt: row.returnedAt?.toISOString() ?? null,
    status: row.returnedAt ? "returned" : overdue ? "overdue" : "open",
    price: penceToPounds(row.pricePence),
    daysOverdue: overdue ? Math.floor((now.getTime() - row.dueAt.getTime()) / DAY) : 0,
  };
}

/** Open loans the query asks for: past due, due within `days`, or all; and matching `q`. */
function loanFilter(query: AdminLoansQuery, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [isNull(loans.returnedAt)];
  if (query.status === "overdue") conditions.push(lt(loans.dueAt, now));
  if (query.status === "dueSoon") {
    const days = query.days ?? DUE_SOON_DEFAULT_DAYS;
    conditions.push(gte(loans.dueAt, now), lt(loans.dueAt, new Date(now.getTime() + days * DAY)));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(books.title, pattern), ilike(users.name, pattern), ilike(users.email, pattern)),
    );
  }
  return and(...conditions)!;
}

/** Open loans for the staff console, soonest due (most overdue) first, a page at a time. */
export async function listStaffLoans(
  db: Executor,
  query: AdminLoansQuery,
  now: Date,
): Promise<AdminLoans> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const where = loanFilter(query, now);
  const [rows, [totals]] = await Promise.all([
    selectAdminLoans(db)
      .where(where)
      .orderBy(asc(loans.dueAt), asc(loans.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(loans)
      .innerJoin(books, eq(books.id, loans.bookId))
      .leftJoin(users, eq(users.id, loans.userId))
      .where(where),
  ]);
  return {
    state: "success",
    loans: rows.map((row) => presentAdminLoan(row, now)),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** Every loan the query matches, for a CSV export: at most `limit`, soonest due first. */
export async function allStaffLoans(
  db: Executor,
  query: AdminLoansQuery,
  now: Date,
  limit: number,
): Promise<AdminLoan[]> {
  const rows = await selectAdminLoans(db)
    .where(loanFilter(query, now))
    .orderBy(asc(loans.dueAt), asc(loans.id))
    .limit(limit);
  return rows.map((row) => presentAdminLoan(row, now));
}

/** One loan as the console shows it, returned or not. */
export async function staffLoanById(
  db: Executor,
  loanId: number,
  now: Date,
): Promise<AdminLoan | undefined> {
  const [row] = await selectAdminLoans(db).where(eq(loans.id, loanId));
  return row && presentAdminLoan(row, now);
}

/** A reader's loans, newest first. */
export async function staffLoansOf(
  db: Executor,
  userId: string,
  now: Date,
  limit: number,
): Promise<AdminLoan[]> {
  const rows = await selectAdminLoans(db)
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.borrowedAt), desc(loans.id))
    .limit(limit);
  return rows.map((row) => presentAdminLoan(row, now));
}
