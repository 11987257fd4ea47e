import { eq, getTableColumns, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jsonArrayOf, jsonKindOf, jsonShapeErrors, parseJsonRows } from "../../db/json";
import { books } from "../../db/schema";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { listedBookOwnColumns } from "./service";
import { adjustRating } from "./stock";

// Book detail and the cart and wishlist read their rows as one JSON text (db/json.ts) and hand
// them on typed as JsonRowOf<columns>. The compiler cannot see what the database writes into
// that text: this checks it, on both databases, for every column those reads declare.

const t = useTestApp();

async function jsonRows(columns: Parameters<typeof jsonArrayOf>[0], ids: number[]) {
  const [row] = await t.database.db
    .select({ json: jsonArrayOf(columns) })
    .from(books)
    .where(inArray(books.id, ids));
  return parseJsonRows(row!.json, columns);
}

describe("rows read as JSON text", () => {
  it("come back as their declared JSON kinds, nulls included", async () => {
    const db = t.database.db;
    const rated = await createBook(db);
    await db.transaction((tx) => adjustRating(tx, rated.id, 4, 1));
    // No rating and no year: the nullable columns as null.
    const bare = await createBook(db);
    await db.update(books).set({ year: null }).where(eq(books.id, bare.id));
    const rows = await jsonRows(listedBookOwnColumns, [rated.id, bare.id]);
    expect(rows).toHaveLength(2);
    expect(jsonShapeErrors(rows, listedBookOwnColumns)).toEqual([]);
    const [read] = await jsonRows(listedBookOwnColumns, [rated.id]);
    expect(read!.rating).toBe(4);
    expect(read!.year).toBe(1900);
  });

  it("of every kind the books table has, so a column added to a read is already known", async () => {
    const columns = getTableColumns(books);
    expect(
      Object.entries(columns)
        .filter(([, column]) => jsonKindOf(column) === undefined)
        .map(([key]) => key),
    ).toEqual([]);
    const book = await createBook(t.database.db);
    expect(jsonShapeErrors(await jsonRows(columns, [book.id]), columns)).toEqual([]);
  });

  it("show a value of another kind than declared", () => {
    const planted = [
      { ...Object.fromEntries(Object.keys(listedBookOwnColumns).map((k) => [k, 1])) },
    ];
    const errors = jsonShapeErrors(
      [{ ...planted[0], title: 7, rating: "4.5", language: null, extra: true }],
      listedBookOwnColumns,
    );
    expect(errors).toEqual([
      "extra: not a declared column",
      "title: number, declared string",
      "author: number, declared string",
      "rating: string, declared number",
      "description: number, declared string",
      "language: null in a not-null column",
      // The planted 1 is no boolean either.
      "sample: number, declared boolean",
      "retiredAt: number, declared string",
    ]);
  });
});
