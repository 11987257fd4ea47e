import type {
  AdminMail,
  AdminMailDetail,
  AdminMailList,
  adminMailQuerySchema,
} from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { outbox, type OutboxRow } from "../../db/schema";
import { errors } from "../../errors";
import { retryMail, withoutSecrets } from "../notifications";
import { staffChange, type Actor } from "./audit";
import { STAFF_PAGE_SIZE } from "./loans-list";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The outbox row without its bodies: a list needs neither. */
const mailColumns = {
  id: outbox.id,
  type: outbox.type,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  createdAt: outbox.createdAt,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  sentAt: outbox.sentAt,
  lastError: outbox.lastError,
};
type MailRow = Pick<OutboxRow, keyof typeof mailColumns>;

const statusOf = (mail: MailRow): AdminMail["status"] =>
  mail.sentAt ? "sent" : mail.lastError !== null ? "failed" : "pending";

const statusIs: Record<AdminMail["status"], SQL> = {
  sent: isNotNull(outbox.sentAt),
  failed: and(isNull(outbox.sentAt), isNotNull(outbox.lastError))!,
  pending: and(isNull(outbox.sentAt), isNull(outbox.lastError))!,
};

function presentMail(mail: MailRow): AdminMail {
  return {
    mailId: wireId(mail.id),
    type: mail.type,
    to: mail.toAddress,
    subject: mail.subject,
    createdAt: mail.createdAt.toISOString(),
    attempts: mail.attempts,
    nextAttemptAt: mail.nextAttemptAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    lastError: mail.lastError,
    status: statusOf(mail),
  };
}

/** The outbox, newest first: by status, and by part of the address or subject. */
export async function listMail(
  ctx: AppContext,
  query: z.output<typeof adminMailQuerySchema>,
): Promise<AdminMailList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(statusIs[query.status]);
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(outbox.toAddress, pattern), ilike(outbox.subject, pattern)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(mailColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(outbox).where(where),
  ]);
  return {
    state: "success",
    mails: rows.map(presentMail),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/**
 * One mail with its bodies, its links' secrets hidden (withoutSecrets): what staff read of a
 * reader's mail is audited, as their changes are.
 */
export async function getMail(
  ctx: AppContext,
  actor: Actor,
  mailId: number,
): Promise<AdminMailDetail> {
  return staffChange(ctx, actor, async (tx) => {
    const [mail] = await tx.select().from(outbox).where(eq(outbox.id, mailId));
    if (!mail) throw errors.mailNotFound();
    return {
      result: {
        state: "success",
        mail: {
          ...presentMail(mail),
          textBody: withoutSecrets(mail.textBody),
          htmlBody: withoutSecrets(mail.htmlBody),
        },
      },
      audit: {
        action: "mail.read",
        targetType: "mail",
        targetId: mailId,
        after: { to: mail.toAddress, type: mail.type },
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
      result: presentMail(after),
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
