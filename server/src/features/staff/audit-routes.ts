import { auditListSchema, auditQuerySchema } from "@folio/contract/admin";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listAudit } from "./audit-list";
import { staffDoc, staffFailures } from "./http";

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/audit",
    {
      schema: {
        ...staffDoc("admin"),
        summary: "The audit log, newest first, filtered by actor, action and days (admins)",
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...staffFailures },
      },
    },
    async (request) => {
      return listAudit(ctx, request.query);
    },
  );
};
