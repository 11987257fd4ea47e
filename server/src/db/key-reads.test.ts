import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBook } from "../features/catalogue/service";
import { openTestDatabase } from "../test/database";
import { keyReadsOf, queryRows, type Database, type DatabaseHandle } from "./client";
import { books } from "./schema";

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

interface PlanCounts {
  generic_plans: string;
  custom_plans: string;
}

describe("reads by key", () => {
  it("on PostgreSQL, are planned once per connection and not again for each key", async () => {
    if (database.kind !== "postgres") {
      // PGlite is one connection: the reads by key are prepared on it.
      expect(keyReadsOf(db)).toBe(db);
      return;
    }
    const ids = (await db.select({ id: books.id }).from(books).limit(8)).map((row) => row.id);
    expect(ids).toHaveLength(8);
    // One after another, so the key pool hands out the same connection each time.
    for (const id of ids) expect((await getBook(db, id)).bookId).toBe(id);
    const counts = await queryRows<PlanCounts>(
      keyReadsOf(db),
      sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'catalogue_books_by_id'`,
    );
    expect(counts).toEqual([{ generic_plans: "8", custom_plans: "0" }]);
  });

  it("on PostgreSQL, leave every other query planned for its values", async () => {
    if (database.kind !== "postgres") return expect(keyReadsOf(db)).toBe(db);
    const setting = sql`select current_setting('plan_cache_mode') as mode`;
    expect(await queryRows(keyReadsOf(db), setting)).toEqual([{ mode: "force_generic_plan" }]);
    expect(await queryRows(db, setting)).toEqual([{ mode: "auto" }]);
  });
});
