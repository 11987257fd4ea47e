import type { ReaderSummary, Readers, readersQuerySchema, Role } from "@folio/contract/admin";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { users } from "../../db/schema";
import { errors } from "../../errors";
import { penceToPounds } from "../../money";

// What the staff console reads of accounts (design.md §7.1). Staff add each reader's open loans
// from circulation.

/** An account as the console shows it, but for its open loans (circulation counts them). */
export type StaffReader = Omit<ReaderSummary, "openLoans">;

function selectStaffReaders(db: Executor) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: sql<Role>`${users.role}`,
      balancePence: users.balancePence,
      createdAt: users.createdAt,
      blockedAt: users.blockedAt,
    })
    .from(users);
}

type StaffReaderRow = Awaited<ReturnType<ReturnType<typeof selectStaffReaders>["execute"]>>[number];

function presentStaffReader(row: StaffReaderRow): StaffReader {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    balance: penceToPounds(row.balancePence),
    createdAt: row.createdAt.toISOString(),
    blockedAt: row.blockedAt?.toISOString() ?? null,
  };
}

/** Accounts by part of a name or email, by name, a page at a time. */
export async function listStaffReaders(
  db: Executor,
  query: z.output<typeof readersQuerySchema>,
): Promise<Omit<Readers, "readers"> & { readers: StaffReader[] }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    selectStaffReaders(db)
      .where(where)
      .orderBy(asc(users.name), asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    state: "success",
    readers: rows.map(presentStaffReader),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** Accounts with the reader role: staff are not counted. */
export async function countReaders(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.role, "reader"));
  return row?.total ?? 0;
}

/** One account as the console shows it; 404 when there is none. */
export async function staffReaderById(db: Executor, userId: string): Promise<StaffReader> {
  const [row] = await selectStaffReaders(db).where(eq(users.id, userId));
  if (!row) throw errors.readerNotFound();
  return presentStaffReader(row);
}
