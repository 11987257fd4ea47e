// Mail to an account's owner about the account itself: whom it greets, and the mail that tells
// them a way in was added, changed or removed (issue 43), written in the change's transaction.
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";
import { enqueueMail } from "../notifications";
import type { SecurityChange } from "../notifications";

/**
 * The name to greet a reader with in mail: none until a link mailed to the address has been
 * used, so a mail to an address nobody confirmed carries no words its registrant typed.
 */
export const mailNameOf = sql<
  string | null
>`case when ${users.emailVerifiedAt} is not null then ${users.name} end`;

/** Where a mail to the reader goes and whom it greets (mailNameOf); undefined for no account. */
export async function mailRecipientOf(
  db: Executor,
  userId: string,
): Promise<{ email: string; name: string | null } | undefined> {
  const [reader] = await db
    .select({ email: users.email, name: mailNameOf })
    .from(users)
    .where(eq(users.id, userId));
  return reader;
}

/**
 * The welcome mail a reader asks for (POST /api/notifications/email, type register): it greets
 * them by name once their address is proven (issue 45), and no one before. The caller nudges.
 */
export async function mailWelcome(ctx: AppContext, caller: { id: string }): Promise<void> {
  const reader = await mailRecipientOf(ctx.db, caller.id);
  if (!reader) return;
  await enqueueMail(
    ctx.db,
    {
      type: "register",
      to: reader.email,
      data: { name: reader.name, shopUrl: ctx.config.publicUrl },
    },
    ctx.mail.format,
    ctx.clock.now(),
  );
}

/**
 * Tells the owner that a way into their account changed, inside `db`'s transaction: whoever
 * holds a stolen session cannot add a passkey, two-factor or an app password, or change the
 * password, without the owner hearing of it. The caller nudges the mail worker after commit.
 */
export async function mailSecurityChange(
  ctx: AppContext,
  db: Executor,
  userId: string,
  change: SecurityChange,
  details: { label?: string; passkeysRemoved?: number } = {},
): Promise<void> {
  const owner = await mailRecipientOf(db, userId);
  if (!owner) return;
  const now = ctx.clock.now();
  await enqueueMail(
    db,
    {
      type: "security_change",
      to: owner.email,
      data: {
        name: owner.name,
        change,
        ...details,
        at: now,
        settingsUrl: `${ctx.config.publicUrl}/user/settings`,
      },
    },
    ctx.mail.format,
    now,
  );
}
