import { wireId } from "@folio/contract/common";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { books, holds } from "../../db/schema";

/** Every hold the reader placed, open or closed, newest first, for their data export (§7.4). */
export async function exportHoldsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: holds.id,
      bookId: holds.bookId,
      title: books.title,
      status: holds.status,
      autoBorrow: holds.autoBorrow,
      placedAt: holds.placedAt,
      readyAt: holds.readyAt,
      readyUntil: holds.readyUntil,
      closedAt: holds.closedAt,
    })
    .from(holds)
    .innerJoin(books, eq(books.id, holds.bookId))
    .where(eq(holds.userId, userId))
    .orderBy(desc(holds.placedAt), desc(holds.id));
  return rows.map((row) => ({
    holdId: wireId(row.id),
    bookId: wireId(row.bookId),
    bookTitle: row.title,
    status: row.status,
    autoBorrow: row.autoBorrow,
    placedAt: row.placedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    readyUntil: row.readyUntil?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  }));
}
