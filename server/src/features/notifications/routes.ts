import { errorBodySchema } from "@folio/contract/common";
import { sendEmailRequestSchema, sendEmailResponseSchema } from "@folio/contract/notifications";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { sendOwnMail, type MailCaller, type MailWriters } from "./service";

export interface NotificationRoutesOptions {
  ctx: AppContext;
  /** The caller of a request, or a 401 (accounts' authenticate, passed in by app.ts). */
  authenticate: (ctx: AppContext, request: FastifyRequest) => Promise<MailCaller>;
  writers: MailWriters;
}

export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (
  app,
  { ctx, authenticate, writers },
) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/notifications/email",
    {
      schema: {
        tags: ["notifications"],
        security: [{ bearer: [] }],
        summary: "Send one of the shop's mails to the caller's own address",
        description:
          "No open relay: `to` must be the caller's address, the mail is rendered by the server from its own records (subject and content are ignored), and calls are rate limited.",
        body: sendEmailRequestSchema,
        response: {
          200: sendEmailResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => sendOwnMail(ctx, writers, await authenticate(ctx, request), request.body),
  );
};
