import { wireId } from "@folio/contract/common";
import { MAX_TOP_UP_POUNDS } from "@folio/contract/constants";
import type { PaymentHistory, TopUpLimits, TopUpResponse } from "@folio/contract/payments";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { startOfDay } from "../../calendar";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { ledger } from "../../db/schema";
import { runIdempotent } from "../../idempotency";
import type { AuthUser } from "../accounts";
import { formatPence, penceToPounds, poundsToPence } from "../../money";
import { errors } from "../../errors";
import { mailRecipientOf } from "../accounts";
import { lockBalance } from "./balance";
import { enqueueMail } from "../notifications";
import { postToLedger } from "./ledger";

/** What the reader may still top up today (TOP_UP_DAILY_LIMIT, from local midnight), in pence. */
async function leftToday(ctx: AppContext, db: Executor, userId: string, now: Date) {
  const [today] = await db
    .select({ pence: sql<number>`coalesce(sum(${ledger.amountPence}), 0)::int` })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, userId),
        eq(ledger.kind, "topup"),
        gte(ledger.createdAt, startOfDay(now, ctx.config.timeZone)),
      ),
    );
  return Math.max(0, ctx.config.topUpDailyLimitPence - (today?.pence ?? 0));
}

/** The limits the top-up form shows before the reader sends anything. */
export async function topUpLimits(ctx: AppContext, user: AuthUser): Promise<TopUpLimits> {
  return {
    state: "success",
    maxAmount: MAX_TOP_UP_POUNDS,
    dailyLimit: penceToPounds(ctx.config.topUpDailyLimitPence),
    leftToday: penceToPounds(await leftToday(ctx, ctx.db, user.id, ctx.clock.now())),
  };
}

/** Adds money to the reader's balance, within the daily limit (TOP_UP_DAILY_LIMIT). */
export async function topUp(
  ctx: AppContext,
  user: AuthUser,
  amountPounds: number,
  idempotencyKey: string | undefined,
): Promise<TopUpResponse> {
  const amountPence = poundsToPence(amountPounds);
  const now = ctx.clock.now();
  const answer = await runIdempotent(
    ctx.db,
    {
      userId: user.id,
      scope: "payments/topup",
      key: idempotencyKey,
      request: { amountPence },
      now,
    },
    async (tx) => {
      // The reader's row, locked, puts their top-ups one after another: two at once cannot
      // both fit in what is left of today's limit.
      await lockBalance(tx, user.id);
      const left = await leftToday(ctx, tx, user.id, now);
      if (amountPence > left) throw errors.topUpDailyLimit(ctx.config.topUpDailyLimitPence, left);
      const { ledgerId, balancePence } = await postToLedger(tx, {
        userId: user.id,
        kind: "topup",
        amountPence,
        at: now,
      });
      // In the same transaction, and so never for a repeat under the same Idempotency-Key,
      // which answers from the stored first answer without coming here.
      const reader = await mailRecipientOf(tx, user.id);
      await enqueueMail(
        tx,
        {
          type: "top_up_receipt",
          to: reader!.email,
          data: {
            name: reader!.name,
            amountPence,
            balancePence,
            orderNo: wireId(ledgerId),
            date: now,
            paymentRecordsUrl: `${ctx.config.publicUrl}/mypayments`,
          },
          dedupeKey: `top_up_receipt:${ledgerId}`,
        },
        ctx.mail.format,
        now,
      );
      return {
        state: "success" as const,
        message: `Top up successful! ${formatPence(amountPence)} has been added to your account`,
        paymentId: wireId(ledgerId),
        amount: penceToPounds(amountPence),
        balance: penceToPounds(balancePence),
      };
    },
  );
  ctx.mail.nudge();
  return answer;
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
      paymentId: wireId(row.id),
      amount: penceToPounds(row.amountPence),
      date: row.createdAt.toISOString(),
    })),
  };
}
