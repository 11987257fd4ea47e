import type { AuditList, auditQuerySchema } from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { nextMidnight, startOfDay } from "../../calendar";
import type { AppContext } from "../../context";
import { containsPattern } from "../../db/like";
import { auditLog } from "../../db/schema";

/** A YYYY-MM-DD day's start in the shop's time zone. */
const dayStart = (day: string, timeZone: string) =>
  startOfDay(new Date(`${day}T12:00:00Z`), timeZone);

export async function listAudit(
  ctx: AppContext,
  query: z.output<typeof auditQuerySchema>,
): Promise<AuditList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STAFF_PAGE_SIZE;
  const zone = ctx.config.timeZone;
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(auditLog.actorEmail, containsPattern(query.actor)));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, dayStart(query.from, zone)));
  if (query.to)
    conditions.push(lt(auditLog.createdAt, nextMidnight(dayStart(query.to, zone), zone)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals], actions] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
    ctx.db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .orderBy(sql`1`),
  ]);
  return {
    state: "success",
    entries: rows.map((row) => ({
      id: wireId(row.id),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    actions: actions.map((a) => a.action),
    page,
    pageSize,
    total: totals?.total ?? 0,
  };
}
