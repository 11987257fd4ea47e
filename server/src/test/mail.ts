import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";

/** The newest mail written to an address, as the outbox holds it. */
export async function lastMailTo(db: Database, email: string) {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail;
}

/** The token of a password-reset link in a mail's text. */
export const resetTokenFrom = (text: string): string | undefined =>
  /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** The token of a mailed link to `page` ("confirm-email", "undo-email") in a mail's text. */
export const linkTokenFrom = (text: string, page: string): string | undefined =>
  new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
