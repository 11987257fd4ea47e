import { errorBodySchema } from "@folio/contract/common";
import { normalizeEmail } from "@folio/contract/constants";
import { sendEmailRequestSchema, sendEmailResponseSchema } from "@folio/contract/notifications";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { errors } from "../../errors";
import { authenticate } from "../accounts/auth";
import { sendPasswordReset } from "../accounts/service";
import { mailAboutLoan } from "../loans/loan-mail";
import { enqueueMail } from "./outbox";

export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
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
    async (request) => {
      const user = await authenticate(ctx, request);
      if (normalizeEmail(request.body.to) !== user.email) throw errors.notYourAddress();
      await ctx.rateLimiter.hit([`notify:user:${user.id}`], ctx.config.authRateLimit);
      const { type } = request.body;
      if (type === "register") {
        await enqueueMail(
          ctx.db,
          // The welcome mail greets no one by name: it went first to an unproven address.
          { type, to: user.email, data: { name: null, shopUrl: ctx.config.publicUrl } },
          ctx.mail.format,
          ctx.clock.now(),
        );
      } else if (type === "password_reset") {
        await sendPasswordReset(ctx, user);
      } else {
        await mailAboutLoan(ctx, user.id, type, request.body.data?.bookId);
      }
      ctx.mail.nudge();
      return { state: "success" as const, message: "The email is on its way." };
    },
  );
};
