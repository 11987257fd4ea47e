import {
  adminMailAnswerSchema,
  adminMailDetailSchema,
  adminMailListSchema,
  adminMailQuerySchema,
  mailIdQuerySchema,
  retryMailRequestSchema,
} from "@folio/contract/admin";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listStaffMail } from "../notifications";
import { staffOf } from "./caller";
import { staffDoc, staffFailures } from "./http";
import { getMail, retryMailByStaff } from "./mail-service";

export const mailStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/mail",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "The outbox, newest first: pending, sent or failed, by address or subject",
        querystring: adminMailQuerySchema,
        response: { 200: adminMailListSchema, ...staffFailures },
      },
    },
    async (request) => {
      return listStaffMail(ctx.db, request.query);
    },
  );

  api.get(
    "/api/admin/mail/get",
    {
      schema: {
        ...staffDoc("librarian"),
        summary:
          "One mail with its text and HTML bodies, its links' secrets hidden; each read is audited",
        querystring: mailIdQuerySchema,
        response: { 200: adminMailDetailSchema, ...staffFailures },
      },
    },
    async (request) => {
      return getMail(ctx, staffOf(request), request.query.mailId);
    },
  );

  api.post(
    "/api/admin/mail/retry",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Try an unsent mail again now (a sent one: 409)",
        body: retryMailRequestSchema,
        response: { 200: adminMailAnswerSchema, ...staffFailures },
      },
    },
    async (request) => retryMailByStaff(ctx, staffOf(request), request.body),
  );
};
