import type {
  ReaderDetail,
  ReaderSummary,
  Readers,
  readersQuerySchema,
} from "@folio/contract/admin";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client";
import { listStaffReaders, staffReaderById, type StaffReader } from "../accounts";
import { openLoansPerReader, staffLoansOf } from "../circulation";
import { staffLedgerOf } from "../payments";
import { staffReviewsOf } from "../reviews";

/** What a reader's page shows at most. */
const DETAIL_LOANS = 100;
const DETAIL_LEDGER = 200;

/** Accounts' readers with circulation's count of each one's open loans. */
async function withOpenLoans(db: Executor, readers: StaffReader[]): Promise<ReaderSummary[]> {
  const open = await openLoansPerReader(
    db,
    readers.map((reader) => reader.userId),
  );
  return readers.map((reader) => ({ ...reader, openLoans: open.get(reader.userId) ?? 0 }));
}

/** Accounts by part of a name or email, by name. */
export async function listReaders(
  db: Executor,
  query: z.output<typeof readersQuerySchema>,
): Promise<Readers> {
  const list = await listStaffReaders(db, query);
  return { ...list, readers: await withOpenLoans(db, list.readers) };
}

/** One account as the console shows it; 404 when there is none. */
export async function readerSummary(db: Executor, userId: string): Promise<ReaderSummary> {
  const [summary] = await withOpenLoans(db, [await staffReaderById(db, userId)]);
  return summary!;
}

/** A reader's page: the account, its loans, its ledger and its reviews (hidden ones too). */
export async function readerDetail(db: Database, userId: string, now: Date): Promise<ReaderDetail> {
  // One snapshot, so the balance agrees with the ledger's newest row.
  return db.transaction(
    async (tx) => {
      const reader = await readerSummary(tx, userId);
      const [loanList, ledgerList, reviewList] = await Promise.all([
        staffLoansOf(tx, userId, now, DETAIL_LOANS),
        staffLedgerOf(tx, userId, { limit: DETAIL_LEDGER }),
        staffReviewsOf(tx, userId),
      ]);
      return {
        state: "success" as const,
        reader,
        loans: loanList,
        ledger: ledgerList,
        reviews: reviewList,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
