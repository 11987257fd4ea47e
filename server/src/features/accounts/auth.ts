import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { sessions, users } from "../../db/schema";
import { errors } from "../../errors";
import { hashOf } from "./tokens";

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  sessionId: number;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller, from a live session: not revoked, not expired, its user not deleted; else 401. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw errors.unauthorized();
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashOf(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.clock.now()),
      ),
    );
  if (!row) throw errors.unauthorized();
  return row;
}
