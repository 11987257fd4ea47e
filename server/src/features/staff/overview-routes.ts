import { overviewSchema } from "@folio/contract/admin";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffDoc, staffFailures } from "./http";
import { overview } from "./overview-service";

export const overviewStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/overview",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Loans now, readers and books, and the last 30 days of money and lending",
        response: { 200: overviewSchema, ...staffFailures },
      },
    },
    () => overview(ctx),
  );
};
