import type {
  AdminMail,
  AdminMailDetail,
  AdminMailList,
  adminMailQuerySchema,
} from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { outbox, type OutboxRow } from "../../db/schema";
import { errors } from "../../errors";
import { withoutSecrets } from "./outbox";

// What the staff console reads of the outbox (design.md §7.1). Reads only: the writes are
// outbox.ts's, delivery.ts's and retry.ts's.

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

/** A mail as the console lists it (retryMail's row, too, once made due). */
export function presentStaffMail(mail: MailRow): AdminMail {
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
export async function listStaffMail(
  db: Executor,
  query: z.output<typeof adminMailQuerySchema>,
): Promise<AdminMailList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(statusIs[query.status]);
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(outbox.toAddress, pattern), ilike(outbox.subject, pattern)));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(mailColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return {
    state: "success",
    mails: rows.map(presentStaffMail),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}

/** One mail with its bodies, its links' secrets hidden (withoutSecrets); 404 when there is none. */
export async function staffMailById(
  db: Executor,
  mailId: number,
): Promise<AdminMailDetail["mail"]> {
  const [mail] = await db.select().from(outbox).where(eq(outbox.id, mailId));
  if (!mail) throw errors.mailNotFound();
  return {
    ...presentStaffMail(mail),
    textBody: withoutSecrets(mail.textBody),
    htmlBody: withoutSecrets(mail.htmlBody),
  };
}
