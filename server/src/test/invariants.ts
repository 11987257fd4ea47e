import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client";
import { invariantChecks } from "../db/invariants";

/**
 * The rules of db/invariants.ts (balances = ledgers ≥ 0, stock, one charge per loan, no orphan
 * charge, ratings = mean, outbox) checked on a test database. Answers the broken ones (empty
 * when all hold).
 */
export async function brokenInvariants(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const check of invariantChecks) {
    const rows = await queryRows<{ problem: string }>(db, sql.raw(check.sql));
    problems.push(...rows.map((row) => row.problem));
  }
  return problems;
}
