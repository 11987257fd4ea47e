import { notReadySchema, readySchema, type ReadinessChecks } from "@folio/contract/common";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { pendingMigrations, type Database } from "../db/client";
import type { ContentStore } from "../storage/content-store";
import { withTimeout } from "./timeout";

/** A dependency that has not answered by then counts as down: the balancer asks again soon. */
const CHECK_TIMEOUT_MS = 2000;

type CheckName = keyof ReadinessChecks;

/** What a failed check tells the caller; the cause goes to the log only. */
const failureWords: Record<CheckName, string> = {
  database: "the database does not answer",
  migrations: "the database's migrations are not all applied",
  contentStore: "the content store cannot be reached",
};

async function migrationsApplied(db: Database): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new Error(`migrations not applied: ${pending.join(", ")}`);
}

/**
 * GET /api/ready, for load balancers: 200 when the database answers, every committed migration
 * is applied and the content store answers; 503 naming what failed otherwise. While the server
 * shuts down Fastify answers every request, this one too, with a 503 (return503OnClosing), so
 * a balancer stops sending before the node goes.
 */
export function registerReadiness(
  app: FastifyInstance,
  deps: { db: Database; content: ContentStore },
): void {
  const checks: Record<CheckName, () => Promise<unknown>> = {
    database: () => deps.db.execute(sql`select 1`),
    migrations: () => migrationsApplied(deps.db),
    contentStore: () => deps.content.check(),
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/ready",
    {
      schema: {
        tags: ["system"],
        summary: "Readiness: database, migrations and content store answer (503 otherwise)",
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      const names = Object.keys(checks) as CheckName[];
      const outcomes = await Promise.allSettled(
        names.map((name) => withTimeout(checks[name](), CHECK_TIMEOUT_MS, `${name} check`)),
      );
      const results = {} as ReadinessChecks;
      const failed: CheckName[] = [];
      outcomes.forEach((outcome, index) => {
        const name = names[index]!;
        results[name] = outcome.status === "fulfilled" ? "ok" : "failed";
        if (outcome.status === "rejected") {
          failed.push(name);
          request.log.warn({ err: outcome.reason, check: name }, "readiness check failed");
        }
      });
      if (failed.length === 0) return { state: "success" as const, checks: results };
      return reply.status(503).send({
        state: "error" as const,
        code: "NOT_READY" as const,
        message: `Not ready: ${failed.map((name) => failureWords[name]).join("; ")}.`,
        checks: results,
      });
    },
  );
}
