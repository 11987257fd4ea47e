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
