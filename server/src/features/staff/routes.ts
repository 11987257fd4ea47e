import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context";
import { auditRoutes } from "./audit-routes";

/** Every /api/admin/ call (design.md §7.1), each area in its own file. */
export const staffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(auditRoutes, { ctx });
};
