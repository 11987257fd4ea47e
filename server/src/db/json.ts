import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `json_build_object` of `columns`, keys named as in the map. Rows read as one JSON text are
 * cheaper to hand over than field by field: PGlite passes every field of every row on its
 * own, and node-postgres parses each; one text and one JSON.parse cost a fraction of that.
 */
export function jsonObjectOf(columns: Record<string, AnyPgColumn>): SQL {
  const pairs = Object.entries(columns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The rows' `jsonObjectOf(columns)` as one JSON array text, `[]` when there are none, in the
 * order given (else as read).
 */
export function jsonArrayOf(
  columns: Record<string, AnyPgColumn>,
  orderBy: SQL[] = [],
): SQL<string> {
  const order = orderBy.length > 0 ? sql` order by ${sql.join(orderBy, sql`, `)}` : sql``;
  return sql<string>`coalesce(json_agg(${jsonObjectOf(columns)}${order}), '[]')::text`;
}

/**
 * What a column's value is once `json_build_object` has written it and JSON.parse read it back:
 * numbers (integer, numeric in number mode) stay numbers, text stays text, booleans stay booleans,
 * and timestamps arrive as ISO text, not as the Date drizzle's own reads give. A column of any
 * other kind is `never`, so a new one fails to compile until it is named here and in
 * jsonKindOf below (json.test.ts checks the two against the real databases).
 */
type JsonValueOf<C extends AnyPgColumn> =
  | (C["_"]["dataType"] extends "number"
      ? number
      : C["_"]["dataType"] extends "string"
        ? string
        : C["_"]["dataType"] extends "boolean"
          ? boolean
          : C["_"]["dataType"] extends "date"
            ? string
            : never)
  | (C["_"]["notNull"] extends true ? never : null);

export type JsonColumns = Record<string, AnyPgColumn>;
export type JsonRowOf<T extends JsonColumns> = { [K in keyof T]: JsonValueOf<T[K]> };

/** The rows of a `jsonArrayOf(columns)` text, typed as JSON gives them. */
export function parseJsonRows<T extends JsonColumns>(text: string, _columns: T): JsonRowOf<T>[] {
  return JSON.parse(text) as JsonRowOf<T>[];
}

const jsonKinds: Record<string, "number" | "string" | "boolean"> = {
  number: "number",
  string: "string",
  boolean: "boolean",
  date: "string",
};

/** The JSON kind JsonRowOf declares for a column, at run time; undefined for an unknown kind. */
export const jsonKindOf = (column: AnyPgColumn) => jsonKinds[column.dataType];

/**
 * Where parsed rows differ from what JsonRowOf<columns> declares: a missing or extra key, a
 * null in a not-null column, or a value of another JSON kind. Empty when they agree.
 */
export function jsonShapeErrors(rows: readonly unknown[], columns: JsonColumns): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (!(key in columns)) problems.push(`${key}: not a declared column`);
    for (const [key, column] of Object.entries(columns)) {
      const value = record[key];
      const kind = jsonKindOf(column);
      if (value === undefined) problems.push(`${key}: missing`);
      else if (value === null) {
        if (column.notNull) problems.push(`${key}: null in a not-null column`);
      } else if (kind === undefined) problems.push(`${key}: ${column.dataType} has no JSON kind`);
      else if (typeof value !== kind) problems.push(`${key}: ${typeof value}, declared ${kind}`);
    }
  }
  return [...new Set(problems)];
}
