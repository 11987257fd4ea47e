import { errorBodySchema } from "@folio/contract/common";
import {
  paymentHistorySchema,
  statementRequestSchema,
  statementSchema,
  topUpLimitsSchema,
  topUpRequestSchema,
  topUpResponseSchema,
} from "@folio/contract/payments";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../idempotency";
import { authenticate } from "../accounts";
import { paymentHistory, topUp, topUpLimits } from "./service";
import { statementOf } from "./statement";

const tags = ["payments"];
const security = [{ bearer: [] }];

export const paymentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/payments/topup",
    {
      schema: {
        tags,
        security,
        summary: "Add money to the balance",
        description:
          "amount in pounds: more than 0, at most 10000, at most 2 decimals. Send an Idempotency-Key header to retry safely.",
        body: topUpRequestSchema,
        response: {
          200: topUpResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      topUp(ctx, await authenticate(ctx, request), request.body.amount, idempotencyKeyOf(request)),
  );

  const limits = {
    tags,
    security,
    summary: "What the caller may top up now",
    description:
      "Pounds: maxAmount, the most one top-up may be; dailyLimit, the most a reader may top up in a day (from local midnight); leftToday, what the caller may still top up today. Also answers POST.",
    response: { 200: topUpLimitsSchema, 401: errorBodySchema },
  };
  api.get("/api/payments/limits", { schema: limits }, async (request) =>
    topUpLimits(ctx, await authenticate(ctx, request)),
  );
  api.post("/api/payments/limits", { schema: limits }, async (request) =>
    topUpLimits(ctx, await authenticate(ctx, request)),
  );

  api.post(
    "/api/payments/history",
    {
      schema: {
        tags,
        security,
        summary: "The caller's top-ups, newest first",
        response: { 200: paymentHistorySchema, 401: errorBodySchema },
      },
    },
    async (request) => paymentHistory(ctx, await authenticate(ctx, request)),
  );

  const statement = {
    tags,
    security,
    summary: "The caller's statement: every change of balance, newest first, paged",
    description:
      "Top-ups, borrow and renewal charges, the library's adjustments and its refunds (a refund names the book of the charge it gives back), amounts in pounds (positive in, negative out), each with the balance after it. page from 1, pageSize 1 to 50 (default 10). Also answers GET with page and pageSize in the query.",
    response: { 200: statementSchema, 400: errorBodySchema, 401: errorBodySchema },
  };
  api.post(
    "/api/payments/statement",
    { schema: { ...statement, body: statementRequestSchema } },
    async (request) => statementOf(ctx, await authenticate(ctx, request), request.body),
  );
  api.get(
    "/api/payments/statement",
    { schema: { ...statement, querystring: statementRequestSchema } },
    async (request) => statementOf(ctx, await authenticate(ctx, request), request.query),
  );
};
