import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getBook } from "./service";
import { useTestDatabase } from "../../test/database";
import { keyReadsOf, queryRows, type Database } from "../../db/client";
import { literalOf } from "../../db/prepared-reads";
import { books } from "../../db/schema";

const database = useTestDatabase();
// The handle itself, not a stand-in: the batches and write counts are kept per handle.
let db: Database;
beforeAll(() => {
  db = database.db;
});

/** The key-read pool as the database it is, to ask it for its settings and statements. */
const keyPool = (of: Database) => keyReadsOf(of) as Database;

interface PlanCounts {
  generic_plans: string;
  custom_plans: string;
}

describe("reads by key", () => {
  it("are parsed and planned once, not again for each batch of keys", async () => {
    const ids = (await db.select({ id: books.id }).from(books).limit(8)).map((row) => row.id);
    expect(ids).toHaveLength(8);
    // One after another (the PostgreSQL key pool then hands out the same connection each time).
    for (const id of ids) expect((await getBook(db, id)).bookId).toBe(String(id));
    if (database.kind === "postgres") {
      const counts = await queryRows<PlanCounts>(
        keyPool(db),
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'catalogue_books_by_id'`,
      );
      expect(counts).toEqual([{ generic_plans: "8", custom_plans: "0" }]);
    } else {
      // PGlite is one session: the statement prepared once has run for all eight reads.
      const [prepared] = await queryRows<PlanCounts & { name: string }>(
        db,
        sql`select name, generic_plans, custom_plans from pg_prepared_statements where statement like '%from "books" where "books"."id" = any%'`,
      );
      expect(prepared?.name).toMatch(/^key_read_\d+$/);
      expect(Number(prepared?.generic_plans) + Number(prepared?.custom_plans)).toBe(8);
    }
  });

  it("on PostgreSQL, leave every other query planned for its values", async () => {
    // On PGlite there is one session and one setting: nothing to tell apart.
    if (database.kind !== "postgres") return expect(keyReadsOf(db) === db).toBe(false);
    const setting = sql`select current_setting('plan_cache_mode') as mode`;
    expect(await queryRows(keyPool(db), setting)).toEqual([{ mode: "force_generic_plan" }]);
    expect(await queryRows(db, setting)).toEqual([{ mode: "auto" }]);
  });
});

describe("literalOf", () => {
  it("writes integers and lowercase hex, alone or in arrays, and nothing else", () => {
    expect(literalOf(12)).toBe("'12'");
    expect(literalOf([1, 22, -3])).toBe("'{1,22,-3}'");
    expect(literalOf(["0a1b", "ff"])).toBe("'{0a1b,ff}'");
    for (const unsafe of [1.5, "a'b", "ABC", ["ok", "o'k"], [], [1, "x y"], null, {}, 2 ** 60])
      expect(literalOf(unsafe)).toBeNull();
  });
});
