import type { AuditAction } from "@folio/contract/staff";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { AuthUser } from "../accounts";

/** Who acted: a member of staff, or the command line (npm run admin, ADMIN_EMAIL). */
export type Actor = Pick<AuthUser, "id" | "email"> | { id: null; email: string };

export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  /** the row as it was (null for a creation) */
  before?: unknown;
  /** the row as it is now (null for a deletion) */
  after?: unknown;
  reason?: string | null;
}

/**
 * The value as jsonb can hold it: a lone surrogate (text the request carried, which text columns
 * store as U+FFFD) would be a JSON escape jsonb refuses, so it becomes U+FFFD here too.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormedText = (text: string) => text.replace(LONE_SURROGATE, "\ufffd");

function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return wellFormedText(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormed(v)]));
  return value;
}

/** Appends one row to the audit log inside `tx`: it commits, or rolls back, with the change. */
export async function recordAudit(
  tx: Transaction,
  actor: Actor,
  record: AuditRecord,
  at: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: wellFormed(record.before ?? null),
    after: wellFormed(record.after ?? null),
    reason:
      record.reason === undefined || record.reason === null ? null : wellFormedText(record.reason),
    createdAt: at,
  });
}

/**
 * A staff change: `change` does the owning feature's work in a transaction and says what it did;
 * the audit row is written in the same transaction, so there is never a change without its row
 * nor a row without its change.
 */
export async function staffChange<T>(
  ctx: AppContext,
  actor: Actor,
  change: (tx: Transaction, now: Date) => Promise<{ result: T; audit: AuditRecord }>,
): Promise<T> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { result, audit } = await change(tx, now);
    await recordAudit(tx, actor, audit, now);
    return result;
  });
}
