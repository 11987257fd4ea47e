import type { AdminLoan } from "@folio/contract/admin";
import type { AppContext } from "../../context";
import { endLoan, staffLoanById } from "../circulation";
import { staffChange, type Actor } from "./audit";

/** Staff end an open loan as a return does: the copy goes back and the reader is told. */
export async function endLoanByStaff(
  ctx: AppContext,
  actor: Actor,
  input: { loanId: number; reason: string },
): Promise<{ state: "success"; loan: AdminLoan }> {
  const loan = await staffChange(ctx, actor, async (tx, now) => {
    const before = await endLoan(ctx, tx, input.loanId, now);
    const after = (await staffLoanById(tx, input.loanId, now))!;
    return {
      result: after,
      audit: {
        action: "loan.end",
        targetType: "loan",
        targetId: input.loanId,
        before: {
          userId: before.userId,
          bookId: before.bookId,
          dueAt: before.dueAt.toISOString(),
          returnedAt: null,
        },
        after: { returnedAt: after.returnedAt },
        reason: input.reason,
      },
    };
  });
  ctx.mail.nudge();
  return { state: "success", loan };
}
