import { normalizeEmail } from "@folio/contract/constants";
import type { MailType, SendEmailRequest, SendEmailResponse } from "@folio/contract/notifications";
import type { AppContext } from "../../context";
import { errors } from "../../errors";

/** The mails about one loan, written by the loans feature from its own records. */
export type LoanMailType = Exclude<MailType, "register" | "password_reset">;

/** Who asked: the caller of POST /api/notifications/email. */
export interface MailCaller {
  id: string;
  email: string;
}

/**
 * The features that write the mails this feature cannot write from its own records. app.ts
 * passes them in: notifications imports no feature, and each feature keeps its own mails.
 */
export interface MailWriters {
  /** the welcome mail, greeting the reader by name once their address is proven */
  welcome(ctx: AppContext, caller: MailCaller): Promise<unknown>;
  passwordReset(ctx: AppContext, caller: MailCaller): Promise<unknown>;
  aboutLoan(
    ctx: AppContext,
    userId: string,
    type: LoanMailType,
    bookId: number | undefined,
  ): Promise<unknown>;
}

/**
 * Sends one of the shop's mails to the caller's own address (no relay): `to` must be the
 * caller's, the mail is rendered from the records (subject and content are ignored), and the
 * calls are rate limited.
 */
export async function sendOwnMail(
  ctx: AppContext,
  writers: MailWriters,
  caller: MailCaller,
  asked: SendEmailRequest,
): Promise<SendEmailResponse> {
  if (normalizeEmail(asked.to) !== caller.email) throw errors.notYourAddress();
  await ctx.rateLimiter.hit([`notify:user:${caller.id}`], ctx.config.authRateLimit);
  const { type } = asked;
  if (type === "register") {
    await writers.welcome(ctx, caller);
  } else if (type === "password_reset") {
    await writers.passwordReset(ctx, caller);
  } else {
    await writers.aboutLoan(ctx, caller.id, type, asked.data?.bookId);
  }
  ctx.mail.nudge();
  return { state: "success", message: "The email is on its way." };
}
