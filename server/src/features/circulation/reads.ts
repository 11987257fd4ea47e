import { and, eq, gte, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loans } from "../../db/schema";

// What other features ask of a reader's loans (decision 035): reading, annotations and reviews
// ask here rather than read `loans` themselves.

/** When the reader's open loan of the book that is not overdue at `now` falls due; else null. */
export async function readableUntil(
  db: Executor,
  userId: string,
  bookId: number,
  now: Date,
): Promise<Date | null> {
  const [loan] = await db
    .select({ dueAt: loans.dueAt })
    .from(loans)
    .where(
      and(
        eq(loans.userId, userId),
        eq(loans.bookId, bookId),
        isNull(loans.returnedAt),
        gte(loans.dueAt, now),
      ),
    )
    .limit(1);
  return loan?.dueAt ?? null;
}

/** True when the reader has ever had a loan of the book, open or long returned. */
export async function everBorrowed(db: Executor, userId: string, bookId: number): Promise<boolean> {
  const [loan] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.bookId, bookId)))
    .limit(1);
  return Boolean(loan);
}
