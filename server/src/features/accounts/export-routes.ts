import { errorBodySchema } from "@folio/contract/common";
import { accountExportSchema } from "@folio/contract/security";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dayOf } from "../../calendar";
import type { AppContext } from "../../context";
import { authenticate } from "./auth";
import { EXPORTS_PER_MINUTE, exportAccount, type ExportSections } from "./export";

export interface ExportRoutesOptions {
  ctx: AppContext;
  /** The sections other features keep (loans, ledger, lists, …), composed in app.ts. */
  sections: ExportSections;
}

export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (
  app,
  { ctx, sections },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/users/export",
    {
      schema: {
        tags: ["accounts"],
        security: [{ bearer: [] }],
        summary: "Everything held about the caller, as one JSON file to download",
        description: `Profile, sessions, passkeys, loans, ledger, payments, cart, wishlist, holds, reviews, annotations, reading progress and the mails sent to them; never a password, token or secret. At most ${EXPORTS_PER_MINUTE} a minute.`,
        response: {
          200: accountExportSchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const document = await exportAccount(ctx, await authenticate(ctx, request), sections);
      const day = new Date(dayOf(new Date(document.exportedAt), ctx.config.timeZone))
        .toISOString()
        .slice(0, 10);
      void reply.header("content-disposition", `attachment; filename="folio-data-${day}.json"`);
      return document;
    },
  );
};
