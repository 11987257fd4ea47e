import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loans } from "../../db/schema";

/** The latest readers of a book that are asked what else they borrowed. */
const READERS = 200;
/** The latest loans of each of them that count. */
const LOANS_PER_READER = 50;

/**
 * Books most often borrowed by readers who borrowed `bookId` ("Readers who borrowed this also
 * borrowed"), most readers first, from real loans. Cheap however many loans there are: it reads
 * at most READERS × LOANS_PER_READER rows, each group straight off an index (loans_book_idx,
 * loans_user_idx). Loans of deleted accounts count no reader.
 */
export async function alsoBorrowed(db: Executor, bookId: number, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    with readers as (
      select distinct r.user_id from (
        select ${loans.userId} as user_id from ${loans}
        where ${loans.bookId} = ${bookId} and ${loans.userId} is not null
        order by ${loans.borrowedAt} desc limit ${READERS}
      ) r
    )
    select other.book_id, count(distinct readers.user_id)::int as readers, max(other.borrowed_at) as latest
    from readers cross join lateral (
      select l.book_id, l.borrowed_at from ${loans} l
      where l.user_id = readers.user_id and l.book_id <> ${bookId}
      order by l.borrowed_at desc limit ${LOANS_PER_READER}
    ) other
    group by other.book_id
    order by readers desc, latest desc, other.book_id
    limit ${limit}`);
  return (result as { rows: { book_id: number | string }[] }).rows.map((row) =>
    Number(row.book_id),
  );
}
