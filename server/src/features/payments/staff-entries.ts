import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { ledger } from "../../db/schema";
import { errors } from "../../errors";
import { lockBalance } from "./balance";
import { postToLedger } from "./ledger";

// Staff adjustments and refunds (design.md §7.1): ledger rows like any other, so balance = sum of
// the ledger still holds, each with its reason and the member of staff who made it.

interface StaffEntry {
  reason: string;
  /** the member of staff making it: never the reader whose money it moves */
  actorId: string;
  at: Date;
}

const ownMoney = () =>
  errors.ownAccount("You can't change your own balance: ask another member of staff.");

/**
 * Credits (positive) or debits (negative) a reader's balance. A debit never takes it below £0:
 * the reader's row is locked first, so a borrow at the same moment cannot slip in between.
 */
export async function adjustBalance(
  tx: Transaction,
  entry: StaffEntry & { userId: string; amountPence: number },
): Promise<{ ledgerId: number; balancePence: number }> {
  if (entry.userId === entry.actorId) throw ownMoney();
  const balance = await lockBalance(tx, entry.userId);
  if (balance + entry.amountPence < 0) throw errors.balanceTooLow(balance);
  return postToLedger(tx, {
    userId: entry.userId,
    kind: "adjustment",
    amountPence: entry.amountPence,
    at: entry.at,
    reason: entry.reason,
    actorId: entry.actorId,
  });
}

/**
 * Gives back all (no amount) or part of a borrow or renewal charge. The charge's row is locked
 * first, so two refunds of it at once are counted one after the other and together never exceed
 * it. The refund names its loan too, so the reader's statement shows the book it was for.
 */
export async function refundCharge(
  tx: Transaction,
  entry: StaffEntry & { ledgerId: number; amountPence?: number },
): Promise<{ ledgerId: number; balancePence: number; userId: string; amountPence: number }> {
  const [charge] = await tx
    .select({
      userId: ledger.userId,
      kind: ledger.kind,
      amountPence: ledger.amountPence,
      loanId: ledger.loanId,
    })
    .from(ledger)
    .where(eq(ledger.id, entry.ledgerId))
    .for("update");
  if (!charge) throw errors.ledgerEntryNotFound();
  if (charge.kind !== "borrow" && charge.kind !== "renewal") throw errors.notACharge();
  if (!charge.userId) throw errors.chargeWithoutReader();
  if (charge.userId === entry.actorId) throw ownMoney();
  const [refunds] = await tx
    .select({ pence: sql<number>`coalesce(sum(${ledger.amountPence}), 0)::int`.mapWith(Number) })
    .from(ledger)
    .where(and(eq(ledger.refundOf, entry.ledgerId), eq(ledger.kind, "refund")));
  const chargedPence = -charge.amountPence;
  const refundedPence = refunds?.pence ?? 0;
  const restPence = chargedPence - refundedPence;
  const amountPence = entry.amountPence ?? restPence;
  if (restPence <= 0 || amountPence > restPence)
    throw errors.refundTooLarge(chargedPence, refundedPence);
  const posted = await postToLedger(tx, {
    userId: charge.userId,
    kind: "refund",
    amountPence,
    loanId: charge.loanId,
    at: entry.at,
    reason: entry.reason,
    actorId: entry.actorId,
    refundOf: entry.ledgerId,
  });
  return { ...posted, userId: charge.userId, amountPence };
}
