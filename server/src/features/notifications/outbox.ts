import type { Executor } from "../../db/client";
import { outbox } from "../../db/schema";
import type { MailFormat } from "../../context";
import { renderMail, type MailData, type ShopMailType } from "./templates";

export interface OutgoingMail<T extends ShopMailType> {
  type: T;
  to: string;
  data: MailData[T];
  /** A second mail with the same key is silently not written. */
  dedupeKey?: string;
}

/**
 * Writes a mail to the outbox. Call it with the transaction that makes the change the mail is
 * about: the mail then exists exactly when the change does. The delivery worker sends it.
 * Answers false when a mail with the same dedupe key was already written.
 */
export async function enqueueMail<T extends ShopMailType>(
  db: Executor,
  mail: OutgoingMail<T>,
  format: MailFormat,
  now: Date,
): Promise<boolean> {
  const rendered = renderMail(mail.type, mail.data, format);
  const inserted = await db
    .insert(outbox)
    .values({
      type: mail.type,
      toAddress: mail.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      dedupeKey: mail.dedupeKey ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}

/**
 * A stored mail as staff may see it: every link's secret hidden (issue 43: a librarian had read
 * an admin's reset link in the outbox, reset the account and made themselves admin). A link's
 * `token` (reset, email change, undo) and any bearer-sized random text become "[hidden]"; the
 * mail itself goes out as it was written.
 */
export function withoutSecrets(body: string): string {
  return body
    .replace(/([?&](?:amp;)?(?:token|code|key|secret|signature|sig)=)[^&#"'<>\s]+/gi, "$1[hidden]")
    .replace(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43,}(?![A-Za-z0-9_-])/g, "[hidden]");
}
