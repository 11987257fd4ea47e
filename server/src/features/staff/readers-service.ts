import type { BalanceChange, ReaderAnswer, Role } from "@folio/contract/admin";
import { roleNames } from "@folio/contract/staff";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { errors } from "../../errors";
import { penceToPounds, poundsToPence } from "../../money";
import {
  blockAccount,
  lockAccount,
  sendPasswordReset,
  setRole,
  unblockAccount,
  type AuthUser,
  type LockedAccount,
} from "../accounts";
import { adjustBalance, refundCharge, staffLedgerOf } from "../payments";
import { staffChange } from "./audit";
import { readerSummary } from "./readers-list";

// What staff do to a reader's account and money (design.md §7.1). Each change is the owning
// feature's (accounts, payments), made and audited in one transaction by staffChange.

async function lockReader(tx: Transaction, userId: string): Promise<LockedAccount> {
  const reader = await lockAccount(tx, userId);
  if (!reader) throw errors.readerNotFound();
  return reader;
}

async function entryAnswer(
  tx: Transaction,
  userId: string,
  posted: { ledgerId: number; balancePence: number },
): Promise<BalanceChange> {
  const [entry] = await staffLedgerOf(tx, userId, { limit: 1, ledgerId: posted.ledgerId });
  return { state: "success", balance: penceToPounds(posted.balancePence), entry: entry! };
}

/** Credits or debits a reader's balance (never below £0), with a reason. */
export function adjustReaderBalance(
  ctx: AppContext,
  actor: AuthUser,
  input: { userId: string; amount: number; reason: string },
): Promise<BalanceChange> {
  return staffChange(ctx, actor, async (tx, now) => {
    const reader = await lockReader(tx, input.userId);
    const posted = await adjustBalance(tx, {
      userId: reader.id,
      amountPence: poundsToPence(input.amount),
      reason: input.reason,
      actorId: actor.id,
      at: now,
    });
    const result = await entryAnswer(tx, reader.id, posted);
    return {
      result,
      audit: {
        action: "reader.adjust",
        targetType: "user",
        targetId: reader.id,
        before: { balance: penceToPounds(reader.balancePence) },
        after: { balance: result.balance, amount: input.amount, ledgerId: result.entry.ledgerId },
        reason: input.reason,
      },
    };
  });
}

/** Gives back all or part of a borrow or renewal charge; refunds never add up to more than it. */
export function refundReaderCharge(
  ctx: AppContext,
  actor: AuthUser,
  input: { ledgerId: number; amount?: number | undefined; reason: string },
): Promise<BalanceChange> {
  return staffChange(ctx, actor, async (tx, now) => {
    const posted = await refundCharge(tx, {
      ledgerId: input.ledgerId,
      ...(input.amount === undefined ? {} : { amountPence: poundsToPence(input.amount) }),
      reason: input.reason,
      actorId: actor.id,
      at: now,
    });
    const result = await entryAnswer(tx, posted.userId, posted);
    return {
      result,
      audit: {
        action: "reader.refund",
        targetType: "user",
        targetId: posted.userId,
        before: { balance: penceToPounds(posted.balancePence - posted.amountPence) },
        after: {
          balance: result.balance,
          amount: result.entry.amount,
          ledgerId: result.entry.ledgerId,
          refundOf: result.entry.refundOf,
        },
        reason: input.reason,
      },
    };
  });
}

/** Staff may block or unblock a reader; a member of staff only an admin may, and never oneself. */
function checkMayBlock(actor: AuthUser, reader: LockedAccount) {
  if (reader.id === actor.id)
    throw errors.ownAccount("You can't block or unblock your own account.");
  if (reader.role !== "reader" && actor.role !== "admin") throw errors.onlyAdminOnStaff();
}

/** Blocks an account: its sessions end at once, its login answers 403; nothing is deleted. */
export async function blockReader(
  ctx: AppContext,
  actor: AuthUser,
  input: { userId: string; reason: string },
): Promise<ReaderAnswer> {
  return staffChange(ctx, actor, async (tx, now) => {
    const reader = await lockReader(tx, input.userId);
    checkMayBlock(actor, reader);
    if (reader.blockedAt) throw errors.alreadyBlocked();
    await blockAccount(tx, reader.id, now);
    return {
      result: { state: "success" as const, reader: await readerSummary(tx, reader.id) },
      audit: {
        action: "reader.block",
        targetType: "user",
        targetId: reader.id,
        before: { blockedAt: null },
        after: { blockedAt: now.toISOString() },
        reason: input.reason,
      },
    };
  });
}

export async function unblockReader(
  ctx: AppContext,
  actor: AuthUser,
  input: { userId: string },
): Promise<ReaderAnswer> {
  return staffChange(ctx, actor, async (tx) => {
    const reader = await lockReader(tx, input.userId);
    checkMayBlock(actor, reader);
    if (!reader.blockedAt) throw errors.notBlocked();
    await unblockAccount(tx, reader.id);
    return {
      result: { state: "success" as const, reader: await readerSummary(tx, reader.id) },
      audit: {
        action: "reader.unblock",
        targetType: "user",
        targetId: reader.id,
        before: { blockedAt: reader.blockedAt.toISOString() },
        after: { blockedAt: null },
      },
    };
  });
}

/** Mails the reader the same single-use reset link "forgot password" does. */
export async function sendReaderReset(
  ctx: AppContext,
  actor: AuthUser,
  input: { userId: string },
): Promise<ReaderAnswer> {
  const answer = await staffChange(ctx, actor, async (tx) => {
    const reader = await lockReader(tx, input.userId);
    await sendPasswordReset(ctx, reader, tx);
    return {
      result: { state: "success" as const, reader: await readerSummary(tx, reader.id) },
      audit: {
        action: "reader.sendReset",
        targetType: "user",
        targetId: reader.id,
        after: { to: reader.email },
      },
    };
  });
  ctx.mail.nudge();
  return answer;
}

/** Admins only: gives an account a role. No admin takes away their own, so one always remains. */
export async function setReaderRole(
  ctx: AppContext,
  actor: AuthUser,
  input: { userId: string; role: Role },
): Promise<ReaderAnswer> {
  return staffChange(ctx, actor, async (tx) => {
    const reader = await lockReader(tx, input.userId);
    if (reader.id === actor.id && input.role !== "admin")
      throw errors.ownAccount(
        "You can't take away your own administrator role: another administrator must do it, so the shop always keeps one.",
      );
    if (reader.role === input.role) throw errors.roleUnchanged(roleNames[input.role]);
    await setRole(tx, reader.id, input.role);
    return {
      result: { state: "success" as const, reader: await readerSummary(tx, reader.id) },
      audit: {
        action: "reader.role",
        targetType: "user",
        targetId: reader.id,
        before: { role: reader.role },
        after: { role: input.role },
      },
    };
  });
}
