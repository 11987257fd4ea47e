import { errorBodySchema } from "@folio/contract/common";
import { borrowRequestSchema, borrowResultSchema } from "@folio/contract/loans";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../idempotency";
import { authenticate } from "../accounts/auth";
import { borrowBooks } from "./borrow";

const tags = ["loans"];
const security = [{ bearer: [] }];

export const loanRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/borrow/borrow",
    {
      schema: {
        tags,
        security,
        summary: "Borrow one book or several for 30 days, paid from the balance",
        description:
          "Business outcomes answer 200 with state success, insufficient balance (with newPayment), Reach borrow limit, exceed_limit or Borrow failed. Send an Idempotency-Key header to retry safely.",
        body: borrowRequestSchema,
        response: {
          200: borrowResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      borrowBooks(
        ctx,
        await authenticate(ctx, request),
        request.body.bookId,
        idempotencyKeyOf(request),
      ),
  );
};
