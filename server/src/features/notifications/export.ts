import { wireId } from "@folio/contract/common";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { outbox } from "../../db/schema";

/**
 * The mails written to the reader's address since their account was made, newest first, for
 * their data export (design.md §7.4). An address can pass from a deleted account to a new one,
 * hence `since`. Only what a mail was, to whom and when: its bodies stay out, as password-reset
 * and confirmation mails carry live tokens in their links.
 */
export async function exportMailsTo(db: Executor, address: string, since: Date) {
  const rows = await db
    .select({
      id: outbox.id,
      type: outbox.type,
      to: outbox.toAddress,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), gte(outbox.createdAt, since)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
  return rows.map((row) => ({
    id: wireId(row.id),
    type: row.type,
    to: row.to,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.sentAt ? "sent" : "waiting",
  }));
}
