import type { AdminMail, AdminMailDetail } from "@folio/contract/admin";
import type { AppContext } from "../../context";
import { presentStaffMail, retryMail, staffMailById } from "../notifications";
import { staffChange, type Actor } from "./audit";

/**
 * One mail with its bodies, its links' secrets hidden (notifications' staffMailById): what staff
 * read of a reader's mail is audited, as their changes are.
 */
export async function getMail(
  ctx: AppContext,
  actor: Actor,
  mailId: number,
): Promise<AdminMailDetail> {
  return staffChange(ctx, actor, async (tx) => {
    const mail = await staffMailById(tx, mailId);
    return {
      result: { state: "success", mail },
      audit: {
        action: "mail.read",
        targetType: "mail",
        targetId: mailId,
        after: { to: mail.to, type: mail.type },
      },
    };
  });
}

/** Makes an unsent mail due now, and wakes the worker once that has committed. */
export async function retryMailByStaff(
  ctx: AppContext,
  actor: Actor,
  input: { mailId: number },
): Promise<{ state: "success"; mail: AdminMail }> {
  const mail = await staffChange(ctx, actor, async (tx, now) => {
    const before = await retryMail(tx, input.mailId, now);
    const after = { ...before, nextAttemptAt: now };
    return {
      result: presentStaffMail(after),
      audit: {
        action: "mail.retry",
        targetType: "mail",
        targetId: input.mailId,
        before: {
          to: before.toAddress,
          type: before.type,
          attempts: before.attempts,
          nextAttemptAt: before.nextAttemptAt.toISOString(),
          lastError: before.lastError,
        },
        after: { nextAttemptAt: now.toISOString() },
      },
    };
  });
  ctx.mail.nudge();
  return { state: "success", mail };
}
