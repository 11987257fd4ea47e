import { is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Sql } from "../../reliability/src/harness/database";
import type { Database } from "../../server/src/db/client";
import * as schema from "../../server/src/db/schema";

// Only builds SQL text: the statements are run through `Sql`, on either database.
export const sqlBuilder = drizzle.mock({ schema }) as unknown as Database;

const dialect = new PgDialect();

/** A statement as the server sends it: raw SQL, or a query builder's. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function statementText(statement: Statement): { sql: string; params: unknown[] } {
  return is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
}

/** Runs a statement the server sends, as the server would: for the rows it answers. */
export async function runStatement<T>(sql: Sql, statement: Statement): Promise<T[]> {
  const { sql: text, params } = statementText(statement);
  return sql.query<T>(text, params);
}

export interface Plan {
  /** what was asked: "title=rivver", "q=gold" */
  subject: string;
  /** which of its statements: "lookup", "search", "titleWords" */
  statement: string;
  /** indexes the plan reads */
  indexes: string[];
  /** whether it reads the whole books table instead */
  seqScanOnBooks: boolean;
  executionMs: number;
  plan: string;
}

/** EXPLAIN ANALYZE of one statement, with the indexes it reads and whether it scans books. */
export async function explain(
  sql: Sql,
  subject: string,
  name: string,
  statement: Statement,
): Promise<Plan> {
  const { sql: text, params } = statementText(statement);
  const rows = await sql.query<{ "QUERY PLAN": string }>(
    `explain (analyze, costs off) ${text}`,
    params,
  );
  const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
  return {
    subject,
    statement: name,
    indexes: [
      ...new Set(
        [...plan.matchAll(/(?:Index|Index Only) Scan(?: Backward)? (?:using|on) (\w+)/g)].map(
          (m) => m[1]!,
        ),
      ),
    ],
    seqScanOnBooks: /Seq Scan on books\b/.test(plan),
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    plan,
  };
}

/** "search_words_pkey,search_words_trgm 0.21 ms", "SEQ SCAN on books 12.3 ms" */
export const planSummary = (p: Plan) =>
  `${p.seqScanOnBooks ? "SEQ SCAN on books" : p.indexes.join(",") || "no index"} ${p.executionMs} ms`;

/** A markdown table of plans, then each plan in full. */
export function plansSection(plans: Plan[]): string {
  const table = [
    "| asked | statement | indexes | seq scan on books | ms |",
    "| --- | --- | --- | --- | --- |",
    ...plans.map(
      (p) =>
        `| ${p.subject} | ${p.statement} | ${p.indexes.join(", ") || "none"} | ${p.seqScanOnBooks ? "**yes**" : "no"} | ${p.executionMs} |`,
    ),
  ];
  const full = plans.map((p) => `${p.subject}, ${p.statement}:\n\n\`\`\`\n${p.plan}\n\`\`\``);
  return [table.join("\n"), ...full].join("\n\n");
}
