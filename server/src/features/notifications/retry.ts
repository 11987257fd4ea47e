import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { outbox, type OutboxRow } from "../../db/schema";
import { errors } from "../../errors";

/**
 * Staff ask for an unsent mail to be tried again now: it is made due at once, its attempts and
 * last error kept (the next try replaces the error). The worker never gives a mail up, so this
 * only cuts its backoff short. A mail a worker holds right now keeps its claim: the worker
 * marks it sent, or the retry makes it due again after that try. Answers the mail as it was.
 */
export async function retryMail(tx: Transaction, mailId: number, at: Date): Promise<OutboxRow> {
  const [mail] = await tx.select().from(outbox).where(eq(outbox.id, mailId)).for("update");
  if (!mail) throw errors.mailNotFound();
  if (mail.sentAt) throw errors.mailSent();
  await tx.update(outbox).set({ nextAttemptAt: at }).where(eq(outbox.id, mailId));
  return mail;
}
