import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../test/database";
import { batchPerDatabase } from "./batch";
import { writesOf, type Database } from "./client";
import { categories } from "./schema";

const database = useTestDatabase();
// The handle itself, not a stand-in: the batches and write counts are kept per handle.
let db: Database;
beforeAll(() => {
  db = database.db;
});

/**
 * A batch of category names by id that counts its reads, as the app's batches are made;
 * `meanwhile` runs after the read's query and before its answers are handed back.
 */
function categoryNames(meanwhile?: () => Promise<void>) {
  const read = { count: 0, keys: [] as number[][] };
  const batch = batchPerDatabase(
    async (db, ids: number[]) => {
      read.count += 1;
      read.keys.push(ids);
      const rows = await db.select().from(categories);
      await meanwhile?.();
      return new Map(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, row.name]));
    },
    { keepUntilWrite: 2 },
  );
  return { load: (id: number) => batch(db).load(id), read };
}

async function rename(id: number, name: string) {
  await db.update(categories).set({ name }).where(eq(categories.id, id));
}

describe("Batch", () => {
  it("answers the keys asked in one turn with one read", async () => {
    const names = categoryNames();
    const [first, second, again, missing] = await Promise.all([
      names.load(1),
      names.load(2),
      names.load(1),
      names.load(999_999),
    ]);
    expect(first).toBeTypeOf("string");
    expect(second).toBeTypeOf("string");
    expect(again).toBe(first);
    expect(missing).toBeUndefined();
    expect(names.read.keys).toEqual([[1, 2, 999_999]]);
  });

  it("keeps one read in flight: keys asked meanwhile, in any turn, share the next read", async () => {
    const later: Promise<string | undefined>[] = [];
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const names = categoryNames(async () => {
      if (later.length > 0) return;
      later.push(names.load(2));
      await nextTurn();
      await nextTurn();
      later.push(names.load(3), names.load(2));
    });
    const first = await names.load(1);
    const [second, third, secondAgain] = await Promise.all(later);
    expect([first, second, third].every((name) => typeof name === "string")).toBe(true);
    expect(secondAgain).toBe(second);
    expect(names.read.keys).toEqual([[1], [2, 3]]);
  });

  it("under load, lets requests on their way join the next read; a lone request never waits", async () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const afterTurns = async (turns: number) => {
      for (let turn = 0; turn < turns; turn++) await nextTurn();
    };
    const names = categoryNames();
    // Load: a read answered two requests, so the next one waits a few turns for company.
    await Promise.all([names.load(1), names.load(2)]);
    const gathered = names.load(3);
    await afterTurns(3);
    await Promise.all([gathered, names.load(4)]);
    // Then quiet: one request, then another three turns later, each read on its own.
    await names.load(5);
    const lone = names.load(6);
    await afterTurns(3);
    await Promise.all([lone, names.load(7)]);
    expect(names.read.keys).toEqual([[1, 2], [3, 4], [5], [6], [7]]);
  });

  it("never answers a value older than the last write", async () => {
    const names = categoryNames();
    const before = await names.load(1);
    await rename(1, "Renamed once");
    expect(await names.load(1)).toBe("Renamed once");
    await db.transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ name: "Renamed in a transaction" })
        .where(eq(categories.id, 1));
    });
    expect(await names.load(1)).toBe("Renamed in a transaction");
    await rename(1, before!);
    expect(await names.load(1)).toBe(before);
  });

  it("does not keep an answer read while a write was under way", async () => {
    let writeOnce: (() => Promise<void>) | undefined = () => rename(2, "Renamed meanwhile");
    const names = categoryNames(async () => {
      const write = writeOnce;
      writeOnce = undefined;
      await write?.();
    });
    const original = await names.load(2);
    expect(original).not.toBe("Renamed meanwhile");
    expect(await names.load(2)).toBe("Renamed meanwhile");
    expect(names.read.count).toBe(2);
    await rename(2, original!);
  });
});

describe("Batch memory", () => {
  it("keeps nothing on PostgreSQL, which other processes write to", async () => {
    expect(writesOf(db) === undefined).toBe(database.kind === "postgres");
    if (database.kind !== "postgres") return;
    const names = categoryNames();
    await names.load(1);
    await names.load(1);
    expect(names.read.count).toBe(2);
  });

  it("on the embedded database, keeps answers until the next write, at most as many as asked", async () => {
    if (database.kind !== "pglite") return;
    expect(writesOf(db)).toBeDefined();
    const names = categoryNames();
    await names.load(1);
    await names.load(1);
    expect(names.read.count).toBe(1);
    // A plain read elsewhere is no write.
    await db.select().from(categories);
    await names.load(1);
    expect(names.read.count).toBe(1);
    // Three keys kept at most two: the oldest is read again.
    await names.load(2);
    await names.load(3);
    await names.load(1);
    expect(names.read.count).toBe(4);
    await rename(3, "Renamed");
    await names.load(2);
    expect(names.read.count).toBe(5);
  });
});
