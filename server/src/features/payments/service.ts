import type { PaymentHistory, TopUpResponse } from "@folio/contract/payments";
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { ledger } from "../../db/schema";
import { runIdempotent } from "../../idempotency";
import type { AuthUser } from "../accounts/auth";
import { penceToPounds } from "../catalogue/presenter";
import { postToLedger } from "./ledger";

export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);

export async function topUp(
  ctx: AppContext,
  user: AuthUser,
  amountPounds: number,
  idempotencyKey: string | undefined,
): Promise<TopUpResponse> {
  const amountPence = poundsToPence(amountPounds);
  const now = ctx.clock.now();
  return runIdempotent(
    ctx.db,
    {
      userId: user.id,
      scope: "payments/topup",
      key: idempotencyKey,
      request: { amountPence },
      now,
    },
    async (tx) => {
      const { ledgerId, balancePence } = await postToLedger(tx, {
        userId: user.id,
        kind: "topup",
        amountPence,
        at: now,
      });
      return {
        state: "success" as const,
        message: `Top up successful! £${(amountPence / 100).toFixed(2)} has been added to your account`,
        paymentId: ledgerId,
        amount: penceToPounds(amountPence),
        balance: penceToPounds(balancePence),
      };
    },
  );
}

/** Payment Records: the reader's top-ups, newest first. */
export async function paymentHistory(ctx: AppContext, user: AuthUser): Promise<PaymentHistory> {
  const rows = await ctx.db
    .select({ id: ledger.id, amountPence: ledger.amountPence, createdAt: ledger.createdAt })
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "topup")))
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .limit(500);
  return {
    state: "success",
    data: rows.map((row) => ({
      paymentId: row.id,
      amount: penceToPounds(row.amountPence),
      date: row.createdAt.toISOString(),
    })),
  };
}
